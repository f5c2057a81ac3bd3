#include "document/recovery_dialog.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace flexure::app {

RecoveryDialog::RecoveryDialog(std::vector<RecoveryEntry> entries, QWidget* parent)
    : QDialog(parent), entries_(std::move(entries)) {
  setWindowTitle(tr("Recover Unsaved Work"));
  auto* layout = new QVBoxLayout(this);
  auto* text = new QLabel(tr("Flexure did not close normally last time. These documents had unsaved changes "
                             "that were autosaved. Recover one to continue where you left off; it opens "
                             "with unsaved changes and Save writes its original file."),
                          this);
  text->setWordWrap(true);
  layout->addWidget(text);

  list_ = new QTreeWidget(this);
  list_->setHeaderLabels({tr("Document"), tr("Original file"), tr("Autosaved")});
  list_->setRootIsDecorated(false);
  list_->setSelectionMode(QAbstractItemView::ExtendedSelection);
  list_->header()->setSectionResizeMode(1, QHeaderView::Stretch);
  layout->addWidget(list_);

  auto* buttons = new QDialogButtonBox(this);
  recover_ = buttons->addButton(tr("&Recover"), QDialogButtonBox::AcceptRole);
  discard_ = buttons->addButton(tr("&Discard"), QDialogButtonBox::DestructiveRole);
  buttons->addButton(tr("&Not Now"), QDialogButtonBox::RejectRole);
  layout->addWidget(buttons);
  connect(recover_, &QPushButton::clicked, this, &RecoveryDialog::recoverSelected);
  connect(discard_, &QPushButton::clicked, this, &RecoveryDialog::discardSelected);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(list_, &QTreeWidget::itemSelectionChanged, this, [this] {
    recover_->setEnabled(list_->selectedItems().size() == 1);
    discard_->setEnabled(!list_->selectedItems().isEmpty());
  });
  connect(list_, &QTreeWidget::itemDoubleClicked, this, &RecoveryDialog::recoverSelected);
  fillList();
  resize(640, 280);
}

void RecoveryDialog::fillList() {
  list_->clear();
  for (const RecoveryEntry& entry : entries_) {
    auto* item = new QTreeWidgetItem(list_);
    item->setText(0, entry.documentName());
    item->setText(1, entry.originalPath.isEmpty() ? tr("(never saved)") : entry.originalPath);
    item->setText(2, QLocale().toString(entry.savedAt, QLocale::ShortFormat));
    item->setToolTip(0, entry.copyPath);
  }
  if (list_->topLevelItemCount() > 0) list_->setCurrentItem(list_->topLevelItem(0));
  recover_->setEnabled(list_->selectedItems().size() == 1);
  discard_->setEnabled(!list_->selectedItems().isEmpty());
}

void RecoveryDialog::recoverSelected() {
  const QList<QTreeWidgetItem*> selected = list_->selectedItems();
  if (selected.size() != 1) return;
  chosen_ = entries_[static_cast<std::size_t>(list_->indexOfTopLevelItem(selected.front()))];
  accept();
}

void RecoveryDialog::discardSelected() {
  std::vector<RecoveryEntry> kept;
  for (int i = 0; i < list_->topLevelItemCount(); ++i) {
    if (list_->topLevelItem(i)->isSelected())
      removeRecoveryCopy(entries_[static_cast<std::size_t>(i)].copyPath);
    else
      kept.push_back(entries_[static_cast<std::size_t>(i)]);
  }
  entries_ = std::move(kept);
  fillList();
  if (entries_.empty()) reject();
}

}  // namespace flexure::app
