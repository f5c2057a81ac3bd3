// The main window's dock panels: each panel is a widget of its own folder (panels/, timeline/);
// here they are created, placed, given what they share (the document, the selection, the
// solver link, the viewport's picker, the timeline's playhead) and listed in View ▸ Panels.
#include <QDockWidget>
#include <QMenu>
#include <QStatusBar>

#include "panels/constraint_list_panel.h"
#include "panels/outliner_panel.h"
#include "panels/parameter_panel.h"
#include "panels/solver_panel.h"
#include "scripting/scripting_install.h"
#include "timeline/drive_key_offer.h"
#include "timeline/timeline_panel.h"
#include "timeline/timeline_playback.h"
#include "viewport/viewport.h"
#include "window/main_window.h"
#include "window/solver_link.h"

#include "window/selection_editing.h"

namespace flexure::app {

// ---------------------------------------------------------------- panels

void MainWindow::createPanels() {
  auto* outliner = new OutlinerPanel(*document_, *selection_, this);
  // A new part appears where the user looks: at the view's centre (the camera's target), or on
  // the ground grid under the cursor when added from the viewport's Add menu.
  outliner->setPlacementPoint([this] { return viewport_->placementPoint(); });
  outliner->setSelectionEditing(editing_);
  editing_->widgetDeleteAction(viewport_);
  addPanel(outliner, Qt::LeftDockWidgetArea);
  addPanel(new ParameterPanel(*document_, *selection_, this), Qt::RightDockWidgetArea);
  auto* timeline = new TimelinePanel(*document_, *selection_, this);
  timeline->playback().setSolverLink(solver_);
  addPanel(timeline, Qt::BottomDockWidgetArea);
  // After a drag that turned a keyed drive: the offer to key it at the playhead (issue 17).
  statusBar()->insertPermanentWidget(0, new DriveKeyOffer(*document_, timeline->playback(), this));
  // The property editor's key buttons key at the timeline's playhead.
  if (auto* parameters = findChild<ParameterPanel*>())
    connect(&timeline->playback(), &TimelinePlayback::frameChanged, parameters, [parameters, timeline](int frame) {
      parameters->setCurrentTime(timeline->playback().timeline().timeOfFrame(frame));
    });
  auto* constraints = new ConstraintListPanel(*document_, *solver_, this);
  constraints->setPicker(viewport_, [this](const QPointF& position) { return pickSurface(position); });
  addPanel(constraints, Qt::LeftDockWidgetArea);
  auto* solverPanel = new SolverPanel(*document_, *solver_, this);
  addPanel(solverPanel, Qt::RightDockWidgetArea);
  if (auto* parameters = findChild<ParameterPanel*>())
    resizeDocks({parameters, solverPanel}, {270, 370}, Qt::Vertical);
  // The Python console shares the timeline's place, hidden until View ▸ Panels or Scripts shows it.
  if (QDockWidget* console = createPythonConsole(*this, scriptsMenu_)) {
    addPanel(console, Qt::BottomDockWidgetArea);
    tabifyDockWidget(timeline, console);
    console->hide();
  } else {
    scriptsMenu_->menuAction()->setVisible(false);
  }
}

void MainWindow::addPanel(QDockWidget* panel, Qt::DockWidgetArea area) {
  addDockWidget(area, panel);
  panelsMenu_->addAction(panel->toggleViewAction());
  panelsMenu_->menuAction()->setVisible(true);
}

}  // namespace flexure::app
