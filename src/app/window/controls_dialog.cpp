#include "window/controls_dialog.h"

#include <QDialogButtonBox>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace flexure::app {
namespace {

struct ControlRow {
  const char* action;
  const char* blender;
  const char* maya;
};

// Keep in step with navigation_gesture.cpp, the View menu and docs/user-guide.md.
constexpr ControlRow kControls[] = {
    {"Orbit around the view centre", "Middle mouse drag", "Alt + left drag"},
    {"Pan", "Shift + middle drag", "Alt + middle drag"},
    {"Dolly (zoom)", "Wheel, or Ctrl + middle drag", "Wheel, or Alt + right drag"},
    {"Frame all", "Home", "Home"},
    {"Frame selected", "Numpad . (period)", "F"},
    {"Front / back view", "Numpad 1 / Ctrl + Numpad 1", "1 / Ctrl + 1"},
    {"Right / left view", "Numpad 3 / Ctrl + Numpad 3", "3 / Ctrl + 3"},
    {"Top / bottom view", "Numpad 7 / Ctrl + Numpad 7", "7 / Ctrl + 7"},
    {"Perspective / orthographic", "Numpad 5", "5"},
    {"Cycle shaded / wireframe / both", "Z", "View menu"},
    {"Select an object", "Left click", "Left click"},
    {"Add to / take from the selection", "Shift + left click", "Shift + left click"},
    {"Box select", "Left drag from empty space, or B then drag", "Left drag from empty space"},
    {"Select all / none / invert", "A / Alt + A / Ctrl + I", "A / Alt + A / Ctrl + I"},
    {"Duplicate the selection (with the constraints among its parts)", "Shift + D", "Shift + D"},
    {"Copy / cut / paste (JSON text on the clipboard)", "Ctrl + C / Ctrl + X / Ctrl + V", "Ctrl + C / Ctrl + X / Ctrl + V"},
    {"Group / ungroup (parts stay where they are)", "Ctrl + G / Alt + G", "Ctrl + G / Alt + G"},
    {"Delete the selection and the constraints naming it", "X or Delete", "Delete"},
    {"Drag a part (the solver follows live)", "Left drag on the part", "Left drag on the part"},
    {"Drag mode: Auto (a free part moves, a hinged part turns, a held part bends)", "Q", "Q"},
    {"Drag mode: Move (placement only)", "G", "G"},
    {"Drag mode: Rotate (the placement's rotation only)", "R", "R"},
    {"Drag mode: Shape (the part's own and deformers' parameters)", "S", "S"},
    {"Drag mode: Free (every unfrozen parameter, weighed alike)", "D", "D"},
    {"Undo / redo (a whole drag is one step)", "Ctrl + Z / Ctrl + Shift + Z", "Ctrl + Z / Ctrl + Shift + Z"},
};

}  // namespace

QString ControlsDialog::controlsHtml() {
  QString html = QStringLiteral(
      "<h3>Viewport controls</h3>"
      "<p>Both columns work at the same time; the digit keys of the main keyboard act like the "
      "numeric keypad, for laptops.</p>"
      "<table border='0' cellspacing='0' cellpadding='4'>"
      "<tr><th align='left'>Action</th><th align='left'>Blender style</th><th align='left'>Maya style</th></tr>");
  for (const ControlRow& row : kControls)
    html += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td></tr>")
                .arg(QString::fromUtf8(row.action), QString::fromUtf8(row.blender), QString::fromUtf8(row.maya));
  html += QStringLiteral(
      "</table>"
      "<h3>Files</h3>"
      "<p>Open a scene (<i>.json</i>) or import a mesh (<i>.obj</i>) with File → Open, or drop the file "
      "on the window. Saving stores the current view as the scene's camera.</p>");
  return html;
}

ControlsDialog::ControlsDialog(QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("Controls"));
  auto* text = new QTextBrowser(this);
  text->setHtml(controlsHtml());
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(text);
  layout->addWidget(buttons);
  resize(620, 460);
}

}  // namespace flexure::app
