/**
 * Raw bytes to a Windows printer queue: the spooler's own RAW path (winspool `OpenPrinter`, `StartDocPrinter`
 * with datatype "RAW", `WritePrinter`), so ZPL reaches a Zebra driver queue untouched, as `lp -o raw` does on
 * CUPS. Node has no binding for winspool and a native addon would need a compiler on every station, so a
 * fixed PowerShell script declares the calls with P/Invoke. The script never contains the printer name or the
 * path: both are passed as parameters in an argument array (execFile, no shell), so a queue called
 * `"; Remove-Item …` is just a name that OpenPrinter does not find.
 */

/** The script, written to a temp file and run with `-File`; exits non-zero with a message on failure. */
export const WINDOWS_RAW_PRINT_SCRIPT = String.raw`param(
  [Parameter(Mandatory = $true)][string]$Printer,
  [Parameter(Mandatory = $true)][string]$Path,
  [string]$JobName = 'Packbench'
)
$ErrorActionPreference = 'Stop'
Add-Type -TypeDefinition @'
using System;
using System.Runtime.InteropServices;
public static class PackbenchRawPrinter {
  [StructLayout(LayoutKind.Sequential, CharSet = CharSet.Unicode)]
  public class DOCINFO {
    [MarshalAs(UnmanagedType.LPWStr)] public string pDocName;
    [MarshalAs(UnmanagedType.LPWStr)] public string pOutputFile;
    [MarshalAs(UnmanagedType.LPWStr)] public string pDataType;
  }
  [DllImport("winspool.drv", EntryPoint = "OpenPrinterW", SetLastError = true, CharSet = CharSet.Unicode)]
  public static extern bool OpenPrinter(string name, out IntPtr handle, IntPtr defaults);
  [DllImport("winspool.drv", SetLastError = true)]
  public static extern bool ClosePrinter(IntPtr handle);
  [DllImport("winspool.drv", EntryPoint = "StartDocPrinterW", SetLastError = true, CharSet = CharSet.Unicode)]
  public static extern int StartDocPrinter(IntPtr handle, int level, [In] DOCINFO info);
  [DllImport("winspool.drv", SetLastError = true)]
  public static extern bool EndDocPrinter(IntPtr handle);
  [DllImport("winspool.drv", SetLastError = true)]
  public static extern bool StartPagePrinter(IntPtr handle);
  [DllImport("winspool.drv", SetLastError = true)]
  public static extern bool EndPagePrinter(IntPtr handle);
  [DllImport("winspool.drv", SetLastError = true)]
  public static extern bool WritePrinter(IntPtr handle, byte[] bytes, int count, out int written);

  public static void Send(string printer, byte[] bytes, string jobName) {
    IntPtr handle;
    if (!OpenPrinter(printer, out handle, IntPtr.Zero)) throw new System.ComponentModel.Win32Exception(Marshal.GetLastWin32Error(), "OpenPrinter failed for " + printer);
    try {
      var info = new DOCINFO { pDocName = jobName, pDataType = "RAW" };
      if (StartDocPrinter(handle, 1, info) == 0) throw new System.ComponentModel.Win32Exception(Marshal.GetLastWin32Error(), "StartDocPrinter failed");
      try {
        if (!StartPagePrinter(handle)) throw new System.ComponentModel.Win32Exception(Marshal.GetLastWin32Error(), "StartPagePrinter failed");
        int written;
        bool ok = WritePrinter(handle, bytes, bytes.Length, out written);
        EndPagePrinter(handle);
        if (!ok || written != bytes.Length) throw new System.ComponentModel.Win32Exception(Marshal.GetLastWin32Error(), "WritePrinter wrote " + written + " of " + bytes.Length + " bytes");
      } finally {
        EndDocPrinter(handle);
      }
    } finally {
      ClosePrinter(handle);
    }
  }
}
'@
try {
  [PackbenchRawPrinter]::Send($Printer, [System.IO.File]::ReadAllBytes($Path), $JobName)
} catch {
  [Console]::Error.WriteLine($_.Exception.Message)
  exit 1
}
`;

/** The PowerShell arguments for one raw job: the script by path, the printer, file and job name as parameters. */
export function windowsRawArguments(
  scriptPath: string,
  printer: string,
  documentPath: string,
  jobName: string,
): string[] {
  return [
    '-NoProfile',
    '-NonInteractive',
    '-ExecutionPolicy',
    'Bypass',
    '-File',
    scriptPath,
    '-Printer',
    printer,
    '-Path',
    documentPath,
    '-JobName',
    jobName,
  ];
}
