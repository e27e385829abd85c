; Magpie's additions to electron-builder's NSIS installer (electron-builder.yml: nsis.include).
; docs/decisions/019-packaging.md explains them.
;
; Electron 42 registers Magpie as a toast-notification COM server the first time it shows a
; notification (shell/browser/notifications/win/windows_toast_activator.cc, RegisterActivator):
;   - EnsureShortcut: "<per-user Start menu>\Programs\<exe product name>.lnk" — Magpie.lnk — with
;     the AppUserModelID and a ToastActivatorCLSID. The installer's own Start-menu shortcut has that
;     name (nsis.shortcutName), so in a per-user install Electron rewrites that one shortcut.
;   - EnsureCLSIDRegistry: HKCU\Software\Classes\CLSID\{clsid}, "Electron Notification Activator",
;     with LocalServer32 = the exe's full path.
; and, from main (src/main/desktop/deep-links.ts, login-item.ts):
;   - setAsDefaultProtocolClient('magpie'): HKCU\Software\Classes\magpie, its command
;     "<exe>" "%1" (shell/browser/browser_win.cc:75-98, 492-534);
;   - setLoginItemSettings: HKCU\...\CurrentVersion\Run and, once the person used Task Manager,
;     ...\Explorer\StartupApproved\Run, both named after the AppUserModelID, which is the appId
;     (browser_win.cc:682-717).
; electron-builder's uninstaller knows none of them, so this file removes them on a real uninstall
; (not when an update runs the old uninstaller with --updated: the shortcut and the COM server
; stay valid for the new version at the same path).

!macro magpieRemoveToastActivators
  ; Every CLSID whose local server is this installation's exe, whatever its GUID: Electron picks a
  ; random one when main sets none (app.setToastActivatorCLSID) and no shortcut holds one yet.
  StrCpy $R0 0
  ${do}
    EnumRegKey $R1 HKCU "Software\Classes\CLSID" $R0
    ${if} $R1 == ""
      ${break}
    ${endIf}
    ClearErrors
    ReadRegStr $R2 HKCU "Software\Classes\CLSID\$R1\LocalServer32" ""
    ReadRegStr $R3 HKCU "Software\Classes\CLSID\$R1" ""
    ; StrCmp (==) ignores case, as Windows paths do.
    ${if} $R2 == "$INSTDIR\${APP_EXECUTABLE_FILENAME}"
    ${andIf} $R3 == "Electron Notification Activator"
      DeleteRegKey HKCU "Software\Classes\CLSID\$R1"
      ; The keys after it moved down by one: read the same index again.
    ${else}
      IntOp $R0 $R0 + 1
    ${endIf}
  ${loop}
!macroend

; What main registered for this installation only: a value naming another copy's exe stays.
!macro magpieRemoveShellRegistrations
  ClearErrors
  ReadRegStr $R0 HKCU "Software\Classes\magpie\shell\open\command" ""
  ${if} $R0 == '"$INSTDIR\${APP_EXECUTABLE_FILENAME}" "%1"'
    DeleteRegKey HKCU "Software\Classes\magpie"
  ${endIf}
  ClearErrors
  ReadRegStr $R0 HKCU "Software\Microsoft\Windows\CurrentVersion\Run" "${APP_ID}"
  ${if} $R0 == '"$INSTDIR\${APP_EXECUTABLE_FILENAME}" --opened-at-login'
    DeleteRegValue HKCU "Software\Microsoft\Windows\CurrentVersion\Run" "${APP_ID}"
    DeleteRegValue HKCU "Software\Microsoft\Windows\CurrentVersion\Explorer\StartupApproved\Run" "${APP_ID}"
  ${endIf}
!macroend

!macro customInstall
  ; Updating from a version whose shortcuts were named 까치: electron-builder renames the old
  ; shortcut, which fails when Electron's Magpie.lnk is already there. Keep only the new one.
  ${if} $oldStartMenuLink != $newStartMenuLink
  ${andIf} ${FileExists} "$oldStartMenuLink"
  ${andIf} ${FileExists} "$newStartMenuLink"
    WinShell::UninstShortcut "$oldStartMenuLink"
    Delete "$oldStartMenuLink"
  ${endIf}
  ${if} $oldDesktopLink != $newDesktopLink
  ${andIf} ${FileExists} "$oldDesktopLink"
  ${andIf} ${FileExists} "$newDesktopLink"
    WinShell::UninstShortcut "$oldDesktopLink"
    Delete "$oldDesktopLink"
  ${endIf}
!macroend

!macro customUnInstall
  ${ifNot} ${isUpdated}
    !insertmacro magpieRemoveToastActivators
    !insertmacro magpieRemoveShellRegistrations
    ; Electron's shortcut is per user; in a per-machine install the installer's is not, so
    ; remove the uninstalling person's copy too (the per-user install's is removed by
    ; electron-builder as its own).
    ${if} $installMode == "all"
      SetShellVarContext current
      Delete "$SMPROGRAMS\${PRODUCT_FILENAME}.lnk"
      SetShellVarContext all
    ${endIf}
  ${endIf}
!macroend
