#include "scripting/scripting_install.h"

#include "scripting/python_console_panel.h"
#include "window/main_window.h"

namespace flexure::app {

QDockWidget* createPythonConsole(MainWindow& window, QMenu* scriptsMenu) {
  auto* panel = new PythonConsolePanel(window);
  if (scriptsMenu) panel->populateScriptsMenu(scriptsMenu);
  return panel;
}

}  // namespace flexure::app
