#include "panels/constraint_list_panel.h"

#include <QAction>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QTableView>
#include <QToolBar>
#include <QToolButton>

#include "commands/constraint_commands.h"
#include "document/scene_document.h"
#include "flexure/core/scene.h"
#include "panels/constraint_table_model.h"
#include "panels/list_panel_content.h"
#include "viewport/viewport.h"
#include "window/solver_link.h"

namespace flexure::app {

ConstraintListPanel::ConstraintListPanel(SceneDocument& document, SolverLink& solver, QWidget* parent)
    : QDockWidget(tr("Constraints"), parent),
      document_(document),
      model_(new ConstraintTableModel(document, this)),
      table_(new QTableView),
      message_(new QLabel),
      cancelAction_(new QAction(tr("Cancel New Constraint"), this)) {
  setObjectName("constraints");
  table_->setModel(model_);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  table_->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
  table_->verticalHeader()->hide();
  table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 6);
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  // Fitted to the rows in view, not to up to 1,000 rows: measuring every row's text of every
  // column was ~4 ms of the first pass after opening a scene with 100 constraints.
  table_->horizontalHeader()->setResizeContentsPrecision(0);
  table_->horizontalHeader()->setStretchLastSection(true);

  auto* toolbar = new QToolBar;
  auto* create = new QToolButton;
  create->setText(tr("New"));
  create->setToolTip(tr("Create a constraint: choose its kind, then click its points in the viewport"));
  create->setPopupMode(QToolButton::InstantPopup);
  auto* kinds = new QMenu(create);
  for (const std::string& kind : ConstraintRegistry::instance().kinds())
    kinds->addAction(QString::fromStdString(kind), this, [this, kind] { beginCreate(kind); });
  create->setMenu(kinds);
  toolbar->addWidget(create);
  QAction* remove = toolbar->addAction(tr("Delete"), this, [this] { deleteSelected(); });
  remove->setShortcut(QKeySequence::Delete);
  remove->setShortcutContext(Qt::WidgetWithChildrenShortcut);
  addAction(remove);
  // Esc anywhere in the window ends a creation in progress (the user is in the viewport).
  cancelAction_->setShortcut(Qt::Key_Escape);
  cancelAction_->setShortcutContext(Qt::WindowShortcut);
  cancelAction_->setEnabled(false);
  connect(cancelAction_, &QAction::triggered, this, &ConstraintListPanel::cancelCreate);
  addAction(cancelAction_);

  setWidget(listPanelContent(toolbar, table_, message_));

  connect(&solver, &SolverLink::resultArrived, this, &ConstraintListPanel::showResult);
  connect(&document_, &SceneDocument::sceneAboutToBeReplaced, this, &ConstraintListPanel::cancelCreate);
}

ConstraintListPanel::~ConstraintListPanel() = default;

void ConstraintListPanel::setPicker(Viewport* viewport, Picker pick) {
  pick_ = std::move(pick);
  connect(viewport, &Viewport::clicked, this, &ConstraintListPanel::pickAt);
}

void ConstraintListPanel::showResult(const std::shared_ptr<const session::SessionResult>& result) {
  if (result) model_->showResult(*result);
}

bool ConstraintListPanel::beginCreate(const std::string& kind) {
  if (!flow_.begin(kind)) {
    showMessage(tr("A %1 cannot be created by picking: it ties no node.").arg(QString::fromStdString(kind)), true);
    return false;
  }
  cancelAction_->setEnabled(true);
  showMessage(flow_.prompt(), false);
  return true;
}

void ConstraintListPanel::cancelCreate() {
  cancelAction_->setEnabled(false);
  if (!flow_.active()) return;
  flow_.cancel();
  showMessage({}, false);
}

void ConstraintListPanel::pickAt(const QPointF& position) {
  if (!flow_.active() || !pick_) return;
  const std::optional<SurfacePick> pick = pick_(position);
  if (!pick || pick->metaballHandle) {
    showMessage(flow_.prompt() + tr(" — nothing there, click on the model"), false);
    return;
  }
  takePick(*pick);
}

void ConstraintListPanel::takePick(const SurfacePick& pick) {
  QString error;
  std::unique_ptr<Constraint> made = flow_.add(document_.scene(), pick, error);
  cancelAction_->setEnabled(flow_.active());
  if (made) {
    const QString name = QString::fromStdString(std::string(made->kind()));
    document_.undoStack().push(new AddConstraintCommand(document_, std::move(made)));
    showMessage(tr("Created a %1.").arg(name), false);
    table_->selectRow(model_->rowCount() - 1);
  } else if (!error.isEmpty()) {
    showMessage(error, true);
  } else {
    showMessage(flow_.prompt(), false);
  }
}

bool ConstraintListPanel::deleteSelected() {
  const QModelIndex current = table_->currentIndex();
  if (!current.isValid()) return false;
  document_.undoStack().push(new DeleteConstraintCommand(document_, current.row()));
  return true;
}

QString ConstraintListPanel::message() const { return message_->text(); }

void ConstraintListPanel::showMessage(const QString& text, bool problem) {
  message_->setText(text);
  message_->setStyleSheet(problem ? "color: #b03030" : "color: #2060a0");
  message_->setVisible(!text.isEmpty());
}

}  // namespace flexure::app
