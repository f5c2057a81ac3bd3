#include "outliner_panel.h"

#include <QHeaderView>
#include <QTreeView>

#include "scene_document.h"
#include "scene_selection.h"
#include "scene_tree_model.h"

namespace flexure::app {

OutlinerPanel::OutlinerPanel(SceneDocument& document, SceneSelection& selection, QWidget* parent)
    : QDockWidget(tr("Outliner"), parent),
      selection_(selection),
      model_(new SceneTreeModel(document, this)),
      tree_(new QTreeView(this)) {
  setObjectName("outliner");
  tree_->setModel(model_);
  tree_->setSelectionMode(QAbstractItemView::SingleSelection);
  tree_->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
  tree_->header()->setStretchLastSection(false);
  tree_->header()->setSectionResizeMode(SceneTreeModel::NameColumn, QHeaderView::Stretch);
  tree_->header()->setSectionResizeMode(SceneTreeModel::TypeColumn, QHeaderView::ResizeToContents);
  setWidget(tree_);

  connect(tree_->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
    if (syncing_) return;
    selection_.select(model_->nodeAt(current));
  });
  connect(&selection_, &SceneSelection::selectionChanged, this, &OutlinerPanel::showSelection);
  connect(model_, &QAbstractItemModel::modelReset, tree_, &QTreeView::expandAll);
}

void OutlinerPanel::showSelection() {
  syncing_ = true;
  const QModelIndex index = model_->indexOf(selection_.current());
  if (index.isValid())
    tree_->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
  else
    tree_->selectionModel()->clearSelection();
  syncing_ = false;
}

}  // namespace flexure::app
