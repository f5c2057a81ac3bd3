// The viewport toolbar of drag modes (issues 19 and 26, docs/app.md "Drag modes"): Auto, Move,
// Rotate, Shape and Free, exclusive and checkable, on keys Q, G (Blender's grab), R, S and D. The chosen mode
// goes with every part drag as session::DragStart::mode (drag_mode_choice.h).
#include <QAction>
#include <QActionGroup>
#include <QSettings>
#include <QToolBar>

#include "viewport/viewport_interaction.h"

#include "window/main_window.h"

namespace flexure::app {

void MainWindow::createDragModeToolbar() {
  QToolBar* bar = addToolBar(tr("Drag Mode"));
  bar->setObjectName("drag-modes");
  bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
  dragModeGroup_ = new QActionGroup(this);
  struct ModeAction {
    QString text;
    Qt::Key key;
    DragModeChoice choice;
    QString tip;
  };
  // Blender's keys where the meanings match: G grab (Move), R rotate, S scale (Shape). A, the
  // old Auto key, now selects all (as in Blender); Auto is on Q.
  const ModeAction modes[] = {
      {tr("Auto"), Qt::Key_Q, DragModeChoice::Auto,
       tr("A free part moves, a part held in place turns about its hinge, a held part bends and stretches (Q)")},
      {tr("Move"), Qt::Key_G, DragModeChoice::Move,
       tr("A drag moves only placements: translations, rotations, solid poses (G)")},
      {tr("Rotate"), Qt::Key_R, DragModeChoice::Rotate,
       tr("A drag only turns the part about its placement's origin (R)")},
      {tr("Shape"), Qt::Key_S, DragModeChoice::Shape,
       tr("A drag changes only the part's own and its deformers' parameters (S)")},
      {tr("Free"), Qt::Key_D, DragModeChoice::Free,
       tr("A drag may move every unfrozen parameter, all weighed alike as in Witkin et al. (D)")},
  };
  for (const ModeAction& mode : modes) {
    QAction* action = bar->addAction(mode.text);
    action->setObjectName(QStringLiteral("drag-mode-") + mode.text.toLower());
    action->setCheckable(true);
    action->setChecked(mode.choice == dragModeChoice_);
    action->setShortcut(mode.key);
    action->setToolTip(mode.tip);
    action->setData(static_cast<int>(mode.choice));
    dragModeGroup_->addAction(action);
    const DragModeChoice choice = mode.choice;
    connect(action, &QAction::triggered, this, [this, choice] { setDragModeChoice(choice); });
  }
  // Blender's gizmo toggle: the transform handle can be hidden (it never hides the part it
  // belongs to, viewport_interaction.h). Remembered between sessions.
  bar->addSeparator();
  QAction* handle = bar->addAction(tr("&Transform Handle"));
  handle->setIconText(tr("Handle"));
  handle->setObjectName("toggle-transform-handle");
  handle->setCheckable(true);
  handle->setChecked(QSettings().value("view/transformHandle", true).toBool());
  handle->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_QuoteLeft));
  handle->setToolTip(tr("Show the transform handle on the selected part (Ctrl+`)"));
  interaction_->setHandleVisible(handle->isChecked());
  connect(handle, &QAction::toggled, this, [this](bool on) {
    QSettings().setValue("view/transformHandle", on);
    interaction_->setHandleVisible(on);
  });
  handleAction_ = handle;
  // Blender's snapping toggle (Shift+Tab): a dragged part's features snap to other parts'
  // (viewport_interaction.h), releasing there makes the joint. Ctrl snaps to the grid instead.
  QAction* snap = bar->addAction(tr("S&napping"));
  snap->setIconText(tr("Snap"));
  snap->setObjectName("toggle-snapping");
  snap->setCheckable(true);
  snap->setChecked(QSettings().value("view/snapping", true).toBool());
  snap->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_Tab));
  snap->setToolTip(tr("Snap a dragged part's ends and faces to other parts' and join them on release (Shift+Tab); "
                      "hold Ctrl while dragging to snap to the grid and to 15° steps instead"));
  interaction_->setSnapping(snap->isChecked());
  connect(snap, &QAction::toggled, this, [this](bool on) {
    QSettings().setValue("view/snapping", on);
    interaction_->setSnapping(on);
  });
  snapAction_ = snap;
}

void MainWindow::setDragModeChoice(DragModeChoice choice) {
  dragModeChoice_ = choice;
  for (QAction* action : dragModeGroup_->actions())
    action->setChecked(action->data().toInt() == static_cast<int>(choice));
}

}  // namespace flexure::app
