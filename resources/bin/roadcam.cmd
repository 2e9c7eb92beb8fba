@echo off
rem `roadcam` as installed on Windows: electron-builder puts this file in the app's resources\bin
rem (win extraResources); add that folder to PATH (docs/desktop.md). It runs the app's own
rem Roadcam.exe as Node (ELECTRON_RUN_AS_NODE=1) on the built CLI, out\cli\main.js inside
rem app.asar. With no arguments, a roadcam:// link or --kiosk, it opens the app instead.
rem ROADCAM_ELECTRON names another binary to run instead of the app's.
setlocal
set "ELECTRON=%~dp0..\..\Roadcam.exe"
if defined ROADCAM_ELECTRON set "ELECTRON=%ROADCAM_ELECTRON%"
if not exist "%ELECTRON%" (
  echo roadcam: the Roadcam app is not at %ELECTRON% ^(this script runs the app beside it^); reinstall Roadcam. 1>&2
  exit /b 1
)
set "FIRST=%~1"
if "%FIRST%"=="" goto app
if /i "%FIRST:~0,8%"=="roadcam:" goto app
if /i "%FIRST%"=="--kiosk" goto app
set "APP=%~dp0..\app.asar"
if not exist "%APP%" set "APP=%~dp0..\app"
set ELECTRON_RUN_AS_NODE=1
"%ELECTRON%" "%APP%\out\cli\main.js" %*
exit /b %ERRORLEVEL%
:app
set ELECTRON_RUN_AS_NODE=
start "" "%ELECTRON%" %*
exit /b 0
