#include "panels/constraint_table_model.h"

#include <QColor>
#include <QStringList>
#include <map>

#include "commands/constraint_commands.h"
#include "document/scene_document.h"
#include "flexure/core/scene.h"
#include "flexure/session/session_result.h"
#include "qt_string.h"

namespace flexure::app {
const QColor ConstraintTableModel::kViolated = QColor(220, 60, 50);
const QColor ConstraintTableModel::kSatisfied = QColor(40, 140, 60);

ConstraintTableModel::ConstraintTableModel(SceneDocument& document, QObject* parent)
    : QAbstractTableModel(parent), document_(document) {
  const auto begin = [this] { beginResetModel(); };
  const auto end = [this] {
    matchResiduals();
    endResetModel();
    shown_.clear();
    for (int row = 0; row < rowCount(); ++row) shown_.push_back(lookOf(row));
  };
  connect(&document_, &SceneDocument::sceneAboutToBeReplaced, this, begin);
  connect(&document_, &SceneDocument::sceneReplaced, this, [this, end] {
    reported_.clear();
    end();
  });
  connect(&document_, &SceneDocument::structureAboutToChange, this, begin);
  connect(&document_, &SceneDocument::structureChanged, this, end);
  // Weight and enabled edits (and their undo) arrive as plain edits of the same scene.
  // Every adopted solver result is an edit too: only rows that look different are announced.
  connect(&document_, &SceneDocument::sceneEdited, this, &ConstraintTableModel::emitChangedRows);
  matchResiduals();
  for (int row = 0; row < rowCount(); ++row) shown_.push_back(lookOf(row));
}

int ConstraintTableModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(document_.scene().constraints.size());
}

int ConstraintTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

const ConstraintResidual* ConstraintTableModel::residualOf(int row) const {
  if (row < 0 || row >= static_cast<int>(residualOfRow_.size())) return nullptr;
  const int r = residualOfRow_[static_cast<std::size_t>(row)];
  return r < 0 ? nullptr : &reported_[static_cast<std::size_t>(r)];
}

QVariant ConstraintTableModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) return {};
  const Constraint& c = *document_.scene().constraints[static_cast<std::size_t>(index.row())];
  const ConstraintResidual* residual = index.column() == ResidualColumn ? residualOf(index.row()) : nullptr;
  switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole:
      switch (index.column()) {
        case NameColumn: return toQString(c.name);
        case KindColumn: return toQString(c.kind());
        case NodesColumn: {
          QStringList nodes;
          for (const std::string& n : c.referencedNodes()) nodes << toQString(n);
          return nodes.join(", ");
        }
        case WeightColumn: return c.weight;
        case ResidualColumn:
          if (!c.enabled) return tr("off");
          return residual ? QVariant(QString::number(residual->residual, 'g', 3)) : QVariant(QStringLiteral("–"));
        default: return {};
      }
    case Qt::CheckStateRole:
      if (index.column() == EnabledColumn) return c.enabled ? Qt::Checked : Qt::Unchecked;
      return {};
    case Qt::ForegroundRole:
      if (residual && c.enabled) return residual->satisfied ? kSatisfied : QColor(Qt::white);
      return {};
    case Qt::BackgroundRole:
      if (residual && c.enabled && !residual->satisfied) return kViolated;
      return {};
    case Qt::ToolTipRole:
      if (index.column() == ResidualColumn && residual)
        return residual->satisfied ? tr("Met within the solver's tolerance") : tr("Violated beyond the solver's tolerance");
      return toQString(c.family()) + tr(" constraint");
    default: return {};
  }
}

bool ConstraintTableModel::setData(const QModelIndex& index, const QVariant& value, int role) {
  if (!index.isValid() || index.row() >= rowCount()) return false;
  const Constraint& c = *document_.scene().constraints[static_cast<std::size_t>(index.row())];
  ConstraintState state{c.weight, c.enabled};
  QString text;
  if (index.column() == WeightColumn && role == Qt::EditRole) {
    bool ok = false;
    state.weight = value.toDouble(&ok);
    if (!ok || !(state.weight >= 0.0)) return false;
    text = tr("Set weight of %1").arg(toQString(c.name));
  } else if (index.column() == EnabledColumn && role == Qt::CheckStateRole) {
    state.enabled = value.toInt() == Qt::Checked;
    text = state.enabled ? tr("Enable %1").arg(toQString(c.name)) : tr("Disable %1").arg(toQString(c.name));
  } else {
    return false;
  }
  pushConstraintEdit(document_, index.row(), state, text);
  return true;
}

Qt::ItemFlags ConstraintTableModel::flags(const QModelIndex& index) const {
  if (!index.isValid()) return Qt::NoItemFlags;
  Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
  if (index.column() == WeightColumn) f |= Qt::ItemIsEditable;
  if (index.column() == EnabledColumn) f |= Qt::ItemIsUserCheckable;
  return f;
}

QVariant ConstraintTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  static const char* names[] = {"Name", "Residual", "On", "Weight", "Kind", "Ties"};
  return section >= 0 && section < ColumnCount ? tr(names[section]) : QVariant();
}

void ConstraintTableModel::showResult(const session::SessionResult& result) {
  reported_.clear();
  for (const SolveReport& report : result.reports)
    reported_.insert(reported_.end(), report.residuals.begin(), report.residuals.end());
  matchResiduals();
  emitChangedRows();
}

ConstraintTableModel::RowLook ConstraintTableModel::lookOf(int row) const {
  const Constraint& c = *document_.scene().constraints[static_cast<std::size_t>(row)];
  RowLook look;
  look.weight = c.weight;
  look.enabled = c.enabled;
  if (const ConstraintResidual* r = residualOf(row)) {
    look.residual = QString::number(r->residual, 'g', 3);
    look.verdict = r->satisfied ? 1 : 0;
  }
  return look;
}

void ConstraintTableModel::emitChangedRows() {
  const int rows = rowCount();
  if (static_cast<int>(shown_.size()) != rows) shown_.assign(static_cast<std::size_t>(rows), RowLook{});
  int first = -1, last = -1;
  for (int row = 0; row < rows; ++row) {
    RowLook look = lookOf(row);
    if (look == shown_[static_cast<std::size_t>(row)]) continue;
    shown_[static_cast<std::size_t>(row)] = std::move(look);
    if (first < 0) first = row;
    last = row;
  }
  if (first >= 0) emit dataChanged(index(first, 0), index(last, ColumnCount - 1));
}

void ConstraintTableModel::matchResiduals() {
  const auto& constraints = document_.scene().constraints;
  residualOfRow_.assign(constraints.size(), -1);
  std::map<std::string, int> byName;
  std::map<std::string, std::vector<int>> unnamedByKind;  // reports without a name, in order
  for (int r = 0; r < static_cast<int>(reported_.size()); ++r) {
    const ConstraintResidual& cr = reported_[static_cast<std::size_t>(r)];
    if (!cr.name.empty()) byName.emplace(cr.name, r);
    else unnamedByKind[cr.kind].push_back(r);
  }
  std::map<std::string, std::size_t> nextOfKind;
  for (std::size_t i = 0; i < constraints.size(); ++i) {
    const Constraint& c = *constraints[i];
    if (!c.name.empty()) {
      if (const auto it = byName.find(c.name); it != byName.end()) residualOfRow_[i] = it->second;
      continue;
    }
    const std::string kind(c.kind());
    const auto& list = unnamedByKind[kind];
    std::size_t& next = nextOfKind[kind];
    if (next < list.size()) residualOfRow_[i] = list[next++];
  }
}

}  // namespace flexure::app
