#pragma once
// The scene's constraints as a table for the constraint list: name, kind, the nodes it ties,
// weight, enabled, and the live residual of the newest solver result (red when the solver
// reports it violated beyond its tolerance). Weight and enabled are editable; edits become
// SetConstraintCommands on the document's undo stack.
#include <QAbstractTableModel>
#include <QString>
#include <memory>
#include <vector>

#include "flexure/core/solver_registry.h"

namespace flexure::session {
struct SessionResult;
}

namespace flexure::app {

class SceneDocument;

class ConstraintTableModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  // The residual comes right after the name, so a narrow dock still shows it.
  enum Column { NameColumn, ResidualColumn, EnabledColumn, WeightColumn, KindColumn, NodesColumn, ColumnCount };
  // The colours of the residual column.
  static const QColor kViolated, kSatisfied;

  explicit ConstraintTableModel(SceneDocument& document, QObject* parent = nullptr);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  // Takes the residuals of a solver result (SolveReport::residuals of every family).
  void showResult(const session::SessionResult& result);
  // The residual shown for constraint `row`, or null when the solver has not reported it.
  const ConstraintResidual* residualOf(int row) const;

 private:
  // Matches the reported residuals to the scene's constraints: by name, else by kind and order.
  void matchResiduals();
  // What a row shows that can change without a structure change: residual text and verdict,
  // weight, enabled. Rows whose look did not change are not repainted (a solver result per
  // frame during a drag would otherwise repaint the whole table every frame).
  struct RowLook {
    QString residual;
    int verdict = -1;  // -1 none, 0 violated, 1 satisfied
    double weight = 0.0;
    bool enabled = true;
    bool operator==(const RowLook&) const = default;
  };
  RowLook lookOf(int row) const;
  void emitChangedRows();

  SceneDocument& document_;
  std::vector<ConstraintResidual> reported_;
  std::vector<int> residualOfRow_;  // index into reported_, -1 when none
  std::vector<RowLook> shown_;      // per row, as last announced
};

}  // namespace flexure::app
