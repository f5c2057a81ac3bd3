// Autosave and crash recovery: a modified document is copied to the recovery folder (never over
// the user's file); a session that ends without a clean close leaves the copy, and the next
// session recovers exactly the same document.
#include <catch2/catch.hpp>

#include <QApplication>
#include <QFile>
#include <QFileInfo>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>
#include <cmath>
#include <memory>

#include "document/autosave.h"
#include "document/recovery_dialog.h"
#include "document/scene_document.h"
#include "flexure/core/node_registry.h"
#include "support/document_test_support.h"
#include "support/gui_test_support.h"
#include "window/main_window.h"

using namespace flexure;
using namespace flexure::app;
using namespace flexure::app::testing;

namespace {

QByteArray fileBytes(const QString& path) {
  QFile file(path);
  return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Values no decimal round trip with too few digits would survive.
void editAwkwardly(SceneDocument& document) {
  ParameterTable& params = document.scene().parameters();
  document.undoStack().push(new SetValueCommand(document, params.find("ball.radius"), 1.0 / 3.0));
  document.undoStack().push(new SetValueCommand(document, params.find("mover.x"), 0.1 + 0.2));
  document.undoStack().push(new SetValueCommand(document, params.find("mover.z"), -4.9406564584124654e-324));
  // and a structural edit: a second primitive
  auto cube = NodeRegistry::instance().create("sphere");
  REQUIRE(cube);
  cube->setName("extra");
  document.scene().add(std::move(cube));
  document.scene().parameters().setValue(document.scene().parameters().find("extra.radius"), std::nextafter(2.0, 3.0));
  document.notifySceneEdited();
}

}  // namespace

TEST_CASE("autosave writes a recovery copy of a modified document, never the user's file", "[document][autosave]") {
  clearRecoveryDirectory();
  QTemporaryDir dir;
  MainWindow window;
  const QString path = openSphereScene(window, dir.path());
  REQUIRE_FALSE(path.isEmpty());
  const QByteArray original = fileBytes(path);
  QString error;
  Autosave& autosave = window.autosave();

  REQUIRE(autosave.writeNow(&error));
  CHECK(autosave.copyPath().isEmpty());  // unmodified: nothing to keep

  editAwkwardly(window.document());
  REQUIRE(autosave.writeNow(&error));
  const QString copy = autosave.copyPath();
  REQUIRE_FALSE(copy.isEmpty());
  CHECK(QFileInfo(copy).absolutePath() == QFileInfo(recoveryDirectory()).absoluteFilePath());
  CHECK(QFileInfo(copy).fileName().startsWith("sphere-"));
  CHECK(QFile::exists(copy));
  CHECK(fileBytes(path) == original);
  // Ours, while this session runs: not offered to anyone.
  CHECK(findRecoverableCopies().empty());

  SECTION("saving removes the copy") {
    REQUIRE(window.document().save(error));
    CHECK_FALSE(QFile::exists(copy));
    CHECK(autosave.copyPath().isEmpty());
  }
  SECTION("discarding the changes (New) removes the copy") {
    MessageBoxAnswerer answer({QMessageBox::Discard});
    QMetaObject::invokeMethod(&window, "newDocument");
    CHECK(answer.done());
    CHECK_FALSE(QFile::exists(copy));
  }
  SECTION("a clean close removes the copy") {
    MessageBoxAnswerer answer({QMessageBox::Discard});
    CHECK(window.close());
    CHECK(answer.done());
    CHECK_FALSE(QFile::exists(copy));
    CHECK(findRecoverableCopies().empty());
  }
  SECTION("the timer autosaves at the interval of the preferences") {
    window.document().undoStack().undo();  // a change since the last copy
    const QDateTime first = QFileInfo(copy).lastModified();
    autosave.setIntervalSeconds(1);
    QSignalSpy spy(&autosave, &Autosave::autosaved);
    REQUIRE(spy.wait(2500));
    CHECK(QFileInfo(copy).lastModified() >= first);
    REQUIRE(window.document().save(error));
  }
}

TEST_CASE("after a crash the next session recovers exactly the autosaved document", "[document][autosave]") {
  clearRecoveryDirectory();
  QTemporaryDir dir;
  const QString path = writeSphereScene(dir.path(), 0.75, 0.5, 0.25, 1.0, frontCamera());
  const QByteArray original = fileBytes(path);
  std::string crashedText;
  Eigen::VectorXd crashedPsi;
  {
    auto crashing = std::make_unique<MainWindow>();
    crashing->setSolveOnOpen(false);
    QString error;
    REQUIRE(crashing->openFile(path, error));
    editAwkwardly(crashing->document());
    REQUIRE(crashing->autosave().writeNow(&error));
    crashedText = documentText(crashing->document().scene());
    crashedPsi = crashing->document().scene().parameters().values();
    // The crash: the window goes away without a clean close (no close event, no save).
  }
  CHECK(fileBytes(path) == original);

  const std::vector<RecoveryEntry> entries = findRecoverableCopies();
  REQUIRE(entries.size() == 1);
  CHECK(entries[0].originalPath == QFileInfo(path).absoluteFilePath());
  CHECK(entries[0].documentName() == "sphere.json");
  CHECK(entries[0].savedAt.secsTo(QDateTime::currentDateTime()) < 60);

  // The dialog lists it with its original file; Recover picks it.
  RecoveryDialog dialog(entries);
  REQUIRE(dialog.list()->topLevelItemCount() == 1);
  CHECK(dialog.list()->topLevelItem(0)->text(1) == QFileInfo(path).absoluteFilePath());
  REQUIRE(dialog.recoverButton()->isEnabled());
  dialog.recoverButton()->click();
  CHECK(dialog.result() == QDialog::Accepted);
  REQUIRE(dialog.chosen());

  MainWindow next;
  next.setSolveOnOpen(false);
  QString error;
  REQUIRE(next.autosave().recover(*dialog.chosen(), error));
  SceneDocument& document = next.document();
  CHECK(document.scene().parameters().values() == crashedPsi);  // bit for bit
  CHECK(documentText(document.scene()) == crashedText);           // structure, fields, camera
  CHECK(document.isModified());
  CHECK(next.isWindowModified());
  CHECK(document.filePath() == QFileInfo(path).absoluteFilePath());
  CHECK(fileBytes(path) == original);
  // The changes are held by this session now: nothing is offered twice.
  CHECK(findRecoverableCopies().empty());
  CHECK(QFile::exists(next.autosave().copyPath()));

  // Save writes the original file (not the copy) and the copy goes.
  const QString copy = next.autosave().copyPath();
  REQUIRE(document.save(error));
  CHECK_FALSE(QFile::exists(copy));
  MainWindow reopened;
  reopened.setSolveOnOpen(false);
  REQUIRE(reopened.openFile(path, error));
  CHECK(documentText(reopened.document().scene()) == crashedText);
}

TEST_CASE("an untitled document is autosaved and recovered as untitled", "[document][autosave]") {
  clearRecoveryDirectory();
  std::string crashedText;
  {
    MainWindow crashing;
    auto ball = NodeRegistry::instance().create("sphere");
    ball->setName("lonely");
    crashing.document().scene().add(std::move(ball));
    crashing.document().notifySceneEdited();
    QString error;
    REQUIRE(crashing.autosave().writeNow(&error));
    CHECK(QFileInfo(crashing.autosave().copyPath()).fileName().startsWith("untitled-"));
    crashedText = documentText(crashing.document().scene());
  }
  const auto entries = findRecoverableCopies();
  REQUIRE(entries.size() == 1);
  CHECK(entries[0].originalPath.isEmpty());
  CHECK(entries[0].documentName() == "untitled");

  SECTION("recovered") {
    MainWindow next;
    QString error;
    REQUIRE(next.autosave().recover(entries[0], error));
    CHECK(next.document().filePath().isEmpty());
    CHECK(next.document().isModified());
    CHECK(documentText(next.document().scene()) == crashedText);
    next.autosave().discard();
  }
  SECTION("discarded in the dialog") {
    RecoveryDialog dialog(entries);
    dialog.list()->topLevelItem(0)->setSelected(true);
    dialog.discardButton()->click();
    CHECK(dialog.entries().empty());
    CHECK(findRecoverableCopies().empty());
    CHECK_FALSE(QFile::exists(entries[0].copyPath));
  }
}

TEST_CASE("at startup the window offers a crashed session's copy and recovers the chosen one", "[document][autosave]") {
  clearRecoveryDirectory();
  QTemporaryDir dir;
  const QString path = writeSphereScene(dir.path(), 0.75, 0.5, 0.25, 1.0, frontCamera());
  std::string crashedText;
  {
    MainWindow crashing;
    crashing.setSolveOnOpen(false);
    QString error;
    REQUIRE(crashing.openFile(path, error));
    editAwkwardly(crashing.document());
    REQUIRE(crashing.autosave().writeNow(&error));
    crashedText = documentText(crashing.document().scene());
  }
  MainWindow next;
  next.setSolveOnOpen(false);
  // The dialog is modal: answer it from the event loop it runs.
  bool clicked = false;
  QTimer answer;
  QObject::connect(&answer, &QTimer::timeout, [&] {
    auto* dialog = qobject_cast<RecoveryDialog*>(QApplication::activeModalWidget());
    if (!dialog || clicked) return;
    clicked = true;
    dialog->recoverButton()->click();
  });
  answer.start(20);
  next.offerRecovery();
  CHECK(clicked);
  CHECK(documentText(next.document().scene()) == crashedText);
  CHECK(next.document().isModified());
  CHECK(next.document().filePath() == QFileInfo(path).absoluteFilePath());
  next.autosave().discard();
  // Nothing left to offer: no dialog.
  clicked = false;
  next.offerRecovery();
  CHECK_FALSE(clicked);
}
