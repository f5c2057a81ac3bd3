#include "window/gl_unavailable_dialog.h"

#include <QMessageBox>

namespace flexure::app {

void showGlUnavailableDialog(QWidget& window, const GlAvailability& gl) {
  auto* box = new QMessageBox(QMessageBox::Warning, QObject::tr("No OpenGL 3.3"),
                              QObject::tr("No OpenGL %1 context could be created: the 3D view is off.").arg(gl.version),
                              QMessageBox::Ok, &window);
  box->setObjectName("glUnavailableDialog");
  box->setInformativeText(gl.message().section('\n', 1));  // what was tried, the renderer, what still works
  box->setAttribute(Qt::WA_DeleteOnClose);
  box->open();
}

}  // namespace flexure::app
