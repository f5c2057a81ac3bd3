#pragma once
// The constraint list (issue 7 item 1): every constraint of the scene with its kind, the nodes
// it ties, weight, enabled flag and live residual (constraint_table_model.h), coloured red when
// violated. Weight and enabled are edited in place, Delete removes the selected constraint, and
// New ▸ <kind> creates one by clicking points in the viewport (constraint_pick_flow.h). All
// edits are undo commands (constraint_commands.h).
#include <QDockWidget>
#include <functional>
#include <memory>
#include <optional>

#include "flexure/session/session_result.h"
#include "panels/constraint_pick_flow.h"

class QAction;
class QLabel;
class QTableView;

namespace flexure::app {

class ConstraintTableModel;
class SceneDocument;
class SolverLink;
class Viewport;

class ConstraintListPanel : public QDockWidget {
  Q_OBJECT

 public:
  ConstraintListPanel(SceneDocument& document, SolverLink& solver, QWidget* parent = nullptr);
  ~ConstraintListPanel() override;

  ConstraintTableModel& model() { return *model_; }
  QTableView& table() { return *table_; }

  // Where viewport clicks go while a constraint is being created: `viewport` emits
  // clicked(QPointF) and `pick` turns a position into a surface pick (MainWindow::pickSurface).
  using Picker = std::function<std::optional<SurfacePick>(const QPointF&)>;
  void setPicker(Viewport* viewport, Picker pick);

  // Starts creating a constraint of `kind` (false when the kind ties no node).
  bool beginCreate(const std::string& kind);
  void cancelCreate();
  bool creating() const { return flow_.active(); }
  // One click of the creation flow at a viewport position (what the viewport's clicks call).
  void pickAt(const QPointF& position);
  // Takes one pick of the creation flow (tests feed picks directly).
  void takePick(const SurfacePick& pick);
  bool deleteSelected();
  QString message() const;

 public:
  // A new solver result (connected to SolverLink::resultArrived).
  void showResult(const std::shared_ptr<const flexure::session::SessionResult>& result);

 private:
  void showMessage(const QString& text, bool problem);

  SceneDocument& document_;
  ConstraintTableModel* model_;
  QTableView* table_;
  QLabel* message_;
  QAction* cancelAction_;
  ConstraintPickFlow flow_;
  Picker pick_;
};

}  // namespace flexure::app
