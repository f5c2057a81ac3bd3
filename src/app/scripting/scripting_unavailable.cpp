// Built instead of the scripting folder when Flexure is configured without Python
// (scripting_install.h).
#include "scripting/scripting_install.h"

namespace flexure::app {

QDockWidget* createPythonConsole(MainWindow&, QMenu*) { return nullptr; }

}  // namespace flexure::app
