#pragma once
// The window's only entry into scripting (Python-free, so the window's own files compile without
// Python's headers): creates the Python console dock and fills the Scripts menu. A build
// without Python (-DFLEXURE_BUILD_PYTHON=OFF) links scripting_unavailable.cpp instead, which
// returns null: the window then hides the Scripts menu.
class QDockWidget;
class QMenu;

namespace flexure::app {

class MainWindow;

QDockWidget* createPythonConsole(MainWindow& window, QMenu* scriptsMenu);

}  // namespace flexure::app
