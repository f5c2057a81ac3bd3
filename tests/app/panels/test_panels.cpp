#include <catch2/catch.hpp>

#include <QDoubleSpinBox>
#include <QCheckBox>
#include <QHeaderView>
#include <QStyle>
#include <QStyleOptionViewItem>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

#include "document/scene_document.h"
#include "document/scene_selection.h"
#include "flexure/core/node_registry.h"
#include "panels/outliner_panel.h"
#include "panels/parameter_panel.h"
#include "panels/scene_tree_model.h"
#include "support/gui_test_support.h"
#include "viewport/viewport.h"
#include "window/main_window.h"

using namespace flexure;
using namespace flexure::app;
using namespace flexure::app::testing;

namespace {

struct OpenSphere : ShownSphere {
  OpenSphere()
      : ShownSphere({.radius = 1.0, .center = {0, 0, 0}, .camera = cameraLookingAtOrigin({0, -8, 0}), .solve = true}) {}
  template <class Panel>
  Panel& panel() {
    Panel* p = window.findChild<Panel*>();
    REQUIRE(p);
    return *p;
  }
};

}  // namespace

TEST_CASE("the outliner lists the scene tree and selecting a row selects the node", "[app][panels][outliner]") {
  OpenSphere s;
  auto& outliner = s.panel<OutlinerPanel>();
  SceneTreeModel& model = outliner.model();
  REQUIRE(model.rowCount() == 1);
  const QModelIndex mover = model.index(0, SceneTreeModel::NameColumn);
  CHECK(model.data(mover).toString() == "mover");
  CHECK(model.data(model.index(0, SceneTreeModel::TypeColumn)).toString() == "translate");
  REQUIRE(model.rowCount(mover) == 1);
  const QModelIndex ball = model.index(0, SceneTreeModel::NameColumn, mover);
  CHECK(model.data(ball).toString() == "ball");
  CHECK(model.parent(ball) == mover);

  outliner.tree().setCurrentIndex(ball);
  REQUIRE(s.window.selection().current());
  CHECK(s.window.selection().current()->name() == "ball");
  // The parameter panel follows: one row, the sphere's radius.
  auto& parameters = s.panel<ParameterPanel>();
  REQUIRE(parameters.rows().size() == 1);
  CHECK(parameters.rows()[0].value->value() == 1.0);
}

TEST_CASE("the outliner's Type column fits every node type without measuring the rows", "[app][panels][outliner]") {
  // The column has a fixed width (resizing it to its contents measured up to 1,000 rows after
  // every open of a big scene): it must still show the longest type name whole.
  OpenSphere s;
  QTreeView& tree = s.panel<OutlinerPanel>().tree();
  CHECK(tree.uniformRowHeights());
  const QHeaderView& header = *tree.header();
  CHECK(header.sectionResizeMode(SceneTreeModel::TypeColumn) != QHeaderView::ResizeToContents);
  const int width = header.sectionSize(SceneTreeModel::TypeColumn);
  std::string longest;
  for (const std::string& type : NodeRegistry::instance().types())
    if (tree.fontMetrics().horizontalAdvance(QString::fromStdString(type)) >
        tree.fontMetrics().horizontalAdvance(QString::fromStdString(longest)))
      longest = type;
  REQUIRE(longest.size() > 5);  // the registry holds the modules' types (e.g. metaball-deform)
  // Text plus the item's margins fit: what the delegate would ask for that type's row.
  QStyleOptionViewItem option;
  option.initFrom(&tree);
  option.features |= QStyleOptionViewItem::HasDisplay;
  option.text = QString::fromStdString(longest);
  const int needed = tree.style()->sizeFromContents(QStyle::CT_ItemViewItem, &option, QSize(), &tree).width();
  CHECK(width >= needed);
  CHECK(width < 3 * needed);  // and not needlessly wide
}

TEST_CASE("renaming in the outliner renames the node; a taken name is refused", "[app][panels][outliner]") {
  OpenSphere s;
  SceneTreeModel& model = s.panel<OutlinerPanel>().model();
  const QModelIndex mover = model.index(0, SceneTreeModel::NameColumn);
  const QModelIndex ball = model.index(0, SceneTreeModel::NameColumn, mover);
  CHECK(model.setData(ball, "marble"));
  CHECK(s.window.document().scene().find("marble"));
  CHECK(s.window.isWindowModified());
  CHECK_FALSE(model.setData(ball, "mover"));  // taken
  CHECK_FALSE(model.setData(ball, ""));       // empty
  CHECK(model.data(ball).toString() == "marble");
}

TEST_CASE("editing a parameter changes the model; the frozen toggle reaches Ψ", "[app][panels][parameters]") {
  OpenSphere s;
  const Node* ball = s.window.document().scene().find("ball");
  REQUIRE(ball);
  s.window.selection().select(ball);
  auto& parameters = s.panel<ParameterPanel>();
  REQUIRE(parameters.rows().size() == 1);
  const ParameterPanel::Row& radius = parameters.rows()[0];
  radius.value->setValue(2.0);
  const ParameterTable& table = s.window.document().scene().parameters();
  CHECK(table.value(radius.parameter) == 2.0);
  CHECK(s.window.isWindowModified());
  // The displayed mesh grew with the radius (tessellated off the GUI thread).
  REQUIRE(QTest::qWaitFor([&] { return s.window.geometryUpToDate(); }, 10000));
  const Bounds3 bounds = s.window.viewport().meshes().front().bounds();
  CHECK(bounds.hi.x == Approx(2.0).margin(0.02));
  radius.frozen->setChecked(true);
  CHECK(table.isFrozen(radius.parameter));
}

TEST_CASE("clicking the model in the viewport selects it and highlights it; clicking empty space clears",
          "[app][picking]") {
  OpenSphere s;
  Viewport& viewport = s.window.viewport();
  const QPoint centre = viewport.rect().center();
  QTest::mouseClick(&viewport, Qt::LeftButton, Qt::NoModifier, centre);
  REQUIRE(s.window.selection().current());
  CHECK(s.window.selection().current()->name() == "ball");
  // The selected sphere is drawn with the highlight: its centre pixel changes.
  REQUIRE(waitForFrames(viewport, 1));
  const QImage selected = viewport.grabFramebuffer();
  QTest::mouseClick(&viewport, Qt::LeftButton, Qt::NoModifier, QPoint(5, 5));
  CHECK(s.window.selection().isEmpty());
  REQUIRE(waitForFrames(viewport, 1));
  const QImage plain = viewport.grabFramebuffer();
  const int cx = selected.width() / 2, cy = selected.height() / 2;
  // Near the silhouette the orange rim is strongest.
  const int rimX = cx + static_cast<int>(0.9 * (plain.height() / 2.0) * std::tan(std::asin(1.0 / 8.0)) /
                                         std::tan(20.0 * M_PI / 180.0));
  CHECK(colorDistance(selected, rimX, cy, plain, rimX, cy) > 30);
}
