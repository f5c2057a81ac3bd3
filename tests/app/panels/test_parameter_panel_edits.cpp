#include <catch2/catch.hpp>

#include <QApplication>
#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QTest>
#include <QToolButton>
#include <QVBoxLayout>
#include <cmath>

#include "document/document_session_sync.h"
#include "flexure/anim/timeline_settings.h"
#include "panels/parameter_panel.h"
#include "support/panel_test_support.h"

using namespace flexure;
using namespace flexure::app;
using namespace flexure::app::testing;

namespace {

struct Editor : OpenDocument {
  ParameterPanel panel{document, selection};
  explicit Editor(const char* scene, const char* node) : OpenDocument(scene) {
    selection.select(document.scene().find(node));
    REQUIRE(!panel.rows().empty());
  }
  const ParameterPanel::Row& row(const char* slot) {
    const Node* node = selection.current();
    for (const auto& r : panel.rows())
      if (r.parameter == node->paramIndex(slot)) return r;
    FAIL("no row for " << slot);
    return panel.rows().front();
  }
  ParameterTable& table() { return document.scene().parameters(); }
};

void typeBound(QLineEdit* edit, const QString& text) {
  edit->setText(text);
  emit edit->editingFinished();
}

}  // namespace

TEST_CASE("a value edit is one undo step that gives back the exact previous double", "[app][panels][parameters]") {
  Editor e("pipefitting.json", "pipe-bend");
  const auto& amount = e.row("amount");
  e.table().setValue(amount.parameter, 0.30000000000000004);  // more digits than the editor shows
  const std::string before = sceneText(e.scene());
  amount.value->setValue(0.5);
  CHECK(e.table().value(amount.parameter) == 0.5);
  CHECK(e.document.isModified());
  REQUIRE(e.document.undoStack().count() == 1);
  e.document.undoStack().undo();
  CHECK(e.table().value(amount.parameter) == 0.30000000000000004);
  CHECK(sceneText(e.scene()) == before);
  CHECK(amount.value->value() == Approx(0.3));  // the editor shows the restored value
  e.document.undoStack().redo();
  CHECK(e.table().value(amount.parameter) == 0.5);
}

TEST_CASE("frozen toggles and bounds are undoable; a bound that excludes the value moves it in the same step",
          "[app][panels][parameters]") {
  Editor e("pipefitting.json", "pipe");
  const auto& length = e.row("length");
  const double value = e.table().value(length.parameter);
  REQUIRE(value > 1.0);
  const bool frozen = e.table().isFrozen(length.parameter);
  length.frozen->setChecked(!frozen);
  CHECK(e.table().isFrozen(length.parameter) == !frozen);
  e.document.undoStack().undo();
  CHECK(e.table().isFrozen(length.parameter) == frozen);
  CHECK(length.frozen->isChecked() == frozen);

  typeBound(length.lower, "0.25");
  CHECK(e.table().info(length.parameter).lower == 0.25);
  typeBound(length.upper, "1");
  CHECK(e.table().info(length.parameter).upper == 1.0);
  CHECK(e.table().value(length.parameter) == 1.0);  // clamped into the new bounds
  CHECK(length.value->maximum() == 1.0);
  typeBound(length.upper, "0.1");  // below the lower bound: refused, the editor shows 1 again
  CHECK(e.table().info(length.parameter).upper == 1.0);
  CHECK(length.upper->text() == "1");
  e.document.undoStack().undo();  // the upper bound and the clamp, together
  CHECK(e.table().value(length.parameter) == value);
  CHECK(std::isinf(e.table().info(length.parameter).upper));
  CHECK(length.upper->text().isEmpty());
  typeBound(length.lower, "");  // empty: unbounded again
  CHECK(std::isinf(e.table().info(length.parameter).lower));
}

TEST_CASE("the key button keys a parameter at the current time, shows the keyed state, and undoes",
          "[app][panels][parameters]") {
  Editor e("pipefitting.json", "pipe");
  const auto& length = e.row("length");
  const double value = e.table().value(length.parameter);
  CHECK(length.key->text() == ParameterPanel::kNotAnimated);
  length.key->click();
  const Track* track = timelineOf(e.scene()).findTrack("pipe.length");
  REQUIRE(track);
  REQUIRE(track->keys.size() == 1);
  CHECK(track->keys[0].time == 0.0);
  CHECK(track->keys[0].value == value);
  CHECK(length.key->text() == ParameterPanel::kKeyedHere);

  e.panel.setCurrentTime(1.5);
  CHECK(length.key->text() == ParameterPanel::kAnimated);
  length.value->setValue(3.0);
  length.key->click();
  track = timelineOf(e.scene()).findTrack("pipe.length");
  REQUIRE(track->keys.size() == 2);
  CHECK(track->valueAt(1.5) == 3.0);
  length.key->click();  // keyed here: the click deletes the key
  CHECK(timelineOf(e.scene()).findTrack("pipe.length")->keys.size() == 1);
  e.document.undoStack().undo();
  CHECK(timelineOf(e.scene()).findTrack("pipe.length")->keys.size() == 2);
  CHECK(length.key->text() == ParameterPanel::kKeyedHere);
}

TEST_CASE("keying one slot of a rotation keys the quaternion as a whole", "[app][panels][parameters]") {
  Editor e("pipefitting.json", "pipe-rotate");
  e.row("qx").key->click();
  const Track* track = timelineOf(e.scene()).findTrack("pipe-rotate.qw");
  REQUIRE(track);
  CHECK(track->kind == TrackKind::Quaternion);
  REQUIRE(track->keys.size() == 1);
  const ParameterTable& t = e.table();
  const Node* rotate = e.selection.current();
  CHECK(track->keys[0].rotation.x == t.value(rotate->paramIndex("qx")));
  CHECK(track->keys[0].rotation.w == t.value(rotate->paramIndex("qw")));
  for (const char* slot : {"qw", "qx", "qy", "qz"}) CHECK(e.row(slot).key->text() == ParameterPanel::kKeyedHere);
}

TEST_CASE("value edits reach the live solver as values only; frozen flags and bounds as structure",
          "[app][panels][parameters][sync]") {
  // What the window does on every edit (MainWindow::onDocumentEdited): compare the document
  // with what the session was told, re-deriving the structure unless the edit says it changed
  // values only.
  Editor e("pipefitting.json", "pipe");
  DocumentSessionSync sync;
  sync.reset(e.scene());
  std::vector<DocumentSessionSync::Change> seen;
  std::vector<bool> valuesOnly;
  QObject::connect(&e.document, &SceneDocument::sceneEdited, [&] {
    valuesOnly.push_back(e.document.valuesOnlyEdit());
    seen.push_back(sync.compare(e.scene(), e.document.valuesOnlyEdit()));
    if (seen.back().structure) sync.reset(e.scene());
    else sync.acceptValues(e.scene());
  });
  const auto& length = e.row("length");
  const int index = length.parameter;

  length.value->setValue(e.table().value(index) + 0.5);
  REQUIRE(seen.size() == 1);
  CHECK(valuesOnly.back());
  CHECK_FALSE(seen.back().structure);
  CHECK(seen.back().values == std::vector<int>{index});
  e.document.undoStack().undo();  // the undo of a value edit is a value edit too
  REQUIRE(seen.size() == 2);
  CHECK(valuesOnly.back());
  CHECK(seen.back().values == std::vector<int>{index});

  length.frozen->setChecked(!e.table().isFrozen(index));  // a frozen flag: the structure changed
  REQUIRE(seen.size() == 3);
  CHECK_FALSE(valuesOnly.back());
  CHECK(seen.back().structure);
  typeBound(length.lower, "0.25");  // a bound: also structure
  REQUIRE(seen.size() == 4);
  CHECK_FALSE(valuesOnly.back());
  CHECK(seen.back().structure);
  CHECK_FALSE(e.document.valuesOnlyEdit());  // only while a values-only edit is delivered
}

// Issue 17 item 3: the panel follows every solver result while a part is dragged. Showing new
// values must not relayout the dock (and with it the main window): QAbstractSpinBox::setRange
// asks for a new layout even for the same range, and doing that for every row of every result
// was a quarter of the GUI thread's time in a drag.
namespace {

// Layout requests posted while `show` runs (its events processed).
template <class Show>
int layoutRequestsWhile(ParameterPanel& panel, Show show) {
  QWidget host;
  auto* layout = new QVBoxLayout(&host);
  layout->addWidget(&panel);
  host.show();
  REQUIRE(QTest::qWaitForWindowExposed(&host));
  QCoreApplication::processEvents();
  struct LayoutRequests : QObject {
    int count = 0;
    bool eventFilter(QObject*, QEvent* event) override {
      count += event->type() == QEvent::LayoutRequest;
      return false;
    }
  } requests;
  qApp->installEventFilter(&requests);
  show();
  qApp->removeEventFilter(&requests);
  layout->removeWidget(&panel);
  panel.setParent(nullptr);
  return requests.count;
}

}  // namespace

TEST_CASE("showing new values does not relayout the panel", "[app][panels][parameters][layout]") {
  Editor e("pipefitting.json", "pipe-bend");
  const auto& amount = e.row("amount");
  const int requests = layoutRequestsWhile(e.panel, [&] {
    for (int k = 0; k < 5; ++k) {
      e.table().setValue(amount.parameter, 0.1 + 0.05 * k);
      emit e.document.sceneEdited();
      QCoreApplication::processEvents();
    }
  });
  CHECK(amount.value->value() == Approx(0.3));
  CHECK(requests == 0);
}

// A metaball's radii are bounded below by 1e-9, which a four-decimal spin box stores as 0: a
// range compared with the requested bound looked changed on every result (192 rows of the
// z-letter's deformer relayouted per frame of a drag).
TEST_CASE("showing new values does not relayout the panel when bounds round in the spin box",
          "[app][panels][parameters][layout]") {
  Editor e("metaball-z-letter.json", "deform");
  const auto& radius = e.row("0.radius");
  REQUIRE(radius.value->minimum() == 0.0);
  const int requests = layoutRequestsWhile(e.panel, [&] {
    for (int k = 0; k < 5; ++k) {
      e.table().setValue(radius.parameter, 0.8 + 0.05 * k);
      emit e.document.sceneEdited();
      QCoreApplication::processEvents();
    }
  });
  CHECK(radius.value->value() == Approx(1.0));
  CHECK(requests == 0);
}
