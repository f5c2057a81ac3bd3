// The document as a user edits it: revert, files that must not load, preferences and layout.
#include <catch2/catch.hpp>

#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QDropEvent>
#include <QFile>
#include <QFileInfo>
#include <QMimeData>
#include <QSettings>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include "document/autosave.h"
#include "document/scene_document.h"
#include "support/document_test_support.h"
#include "support/gui_test_support.h"
#include "viewport/gl_format.h"
#include "viewport/viewport.h"
#include "window/app_settings.h"
#include "window/main_window.h"
#include "window/preferences_dialog.h"

using namespace flexure;
using namespace flexure::app;
using namespace flexure::app::testing;

namespace {

void writeText(const QString& path, const QByteArray& text) {
  QFile file(path);
  REQUIRE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
  file.write(text);
}

// A drop of one file onto the window, as from a file manager.
void dropFile(MainWindow& window, const QString& path) {
  QMimeData mime;
  mime.setUrls({QUrl::fromLocalFile(path)});
  // Qt delivers a drop to the widget that accepted the drag's entry.
  QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
  QApplication::sendEvent(&window, &enter);
  REQUIRE(enter.isAccepted());
  QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
  QApplication::sendEvent(&window, &drop);
}

// Restores the defaults so no other test sees this file's settings.
struct SettingsReset {
  ~SettingsReset() {
    QSettings settings;
    settings.remove("preferences");
    settings.remove("window");
  }
};

}  // namespace

TEST_CASE("revert reloads the file from disk and drops the changes and their history", "[document]") {
  QTemporaryDir dir;
  MainWindow window;
  const QString path = openSphereScene(window, dir.path());
  REQUIRE_FALSE(path.isEmpty());
  QString error;
  SceneDocument& document = window.document();
  const std::string saved = documentText(document.scene());
  const int radius = document.scene().parameters().find("ball.radius");
  document.undoStack().push(new SetValueCommand(document, radius, 2.5));
  REQUIRE(document.isModified());
  REQUIRE(document.undoStack().count() == 1);

  REQUIRE(document.revert(error));
  CHECK(documentText(document.scene()) == saved);
  CHECK(document.scene().parameters().value(document.scene().parameters().find("ball.radius")) == 0.75);
  CHECK_FALSE(document.isModified());
  CHECK_FALSE(window.isWindowModified());
  CHECK(document.undoStack().count() == 0);
  CHECK(document.filePath() == QFileInfo(path).absoluteFilePath());

  // A file that became unreadable cannot be reverted to: the changes stay.
  document.undoStack().push(new SetValueCommand(document, radius, 3.0));
  writeText(path, "{ not json");
  CHECK_FALSE(document.revert(error));
  CHECK(error.contains("sphere.json"));
  CHECK(document.scene().parameters().value(radius) == 3.0);
  CHECK(document.isModified());

  MainWindow untitled;
  CHECK_FALSE(untitled.document().revert(error));
}

TEST_CASE("File → Revert asks first and keeps the changes when cancelled", "[document]") {
  QTemporaryDir dir;
  MainWindow window;
  const QString path = openSphereScene(window, dir.path());
  REQUIRE_FALSE(path.isEmpty());
  QString error;
  SceneDocument& document = window.document();
  auto* revert = window.findChild<QAction*>("revertAction");
  REQUIRE(revert);
  CHECK_FALSE(revert->isEnabled());  // nothing to revert yet
  const int radius = document.scene().parameters().find("ball.radius");
  document.undoStack().push(new SetValueCommand(document, radius, 2.5));
  CHECK(revert->isEnabled());
  {
    MessageBoxAnswerer answer({QMessageBox::Cancel});
    revert->trigger();
    CHECK(answer.done());
  }
  CHECK(document.scene().parameters().value(radius) == 2.5);
  {
    MessageBoxAnswerer answer({QMessageBox::Discard});
    revert->trigger();
    CHECK(answer.done());
  }
  CHECK(document.scene().parameters().value(document.scene().parameters().find("ball.radius")) == 0.75);
  CHECK_FALSE(window.isWindowModified());
}

TEST_CASE("a newer-version or damaged file opened over modified work changes nothing in it", "[document]") {
  QTemporaryDir dir;
  const QString path = writeSphereScene(dir.path(), 0.75, 0.5, 0.25, 1.0, frontCamera());
  const QString newer = dir.filePath("newer.json");
  writeText(newer, R"({"format": "flexure-scene", "version": 99, "nodes": [], "constraints": []})");
  const QString damaged = dir.filePath("damaged.json");
  QFile source(path);
  REQUIRE(source.open(QIODevice::ReadOnly));
  const QByteArray whole = source.readAll();
  writeText(damaged, whole.left(whole.size() / 2));  // cut off mid-file, as by a full disk

  MainWindow window;
  window.setSolveOnOpen(false);
  QString error;
  REQUIRE(window.openFile(path, error));
  SceneDocument& document = window.document();
  const int radius = document.scene().parameters().find("ball.radius");
  document.undoStack().push(new SetValueCommand(document, radius, 1.0 / 3.0));
  document.undoStack().push(new SetValueCommand(document, document.scene().parameters().find("mover.x"), 0.1 + 0.2));
  const std::string before = documentText(document.scene());
  const Eigen::VectorXd psi = document.scene().parameters().values();
  const Scene* sceneObject = &document.scene();

  auto unchanged = [&] {
    CHECK(&document.scene() == sceneObject);
    CHECK(document.scene().parameters().values() == psi);  // bit for bit
    CHECK(documentText(document.scene()) == before);
    CHECK(document.isModified());
    CHECK(window.isWindowModified());
    CHECK(document.filePath() == QFileInfo(path).absoluteFilePath());
    CHECK(document.undoStack().count() == 2);
    CHECK(document.undoStack().index() == 2);
  };

  SECTION("opened by the program") {
    CHECK_FALSE(window.openFile(newer, error));
    CHECK(error.contains("newer"));
    unchanged();
    CHECK_FALSE(window.openFile(damaged, error));
    CHECK(error.contains("damaged.json"));
    unchanged();
  }
  SECTION("dropped on the window: the user discards the changes, the load fails, a message says why") {
    for (const QString& bad : {newer, damaged}) {
      MessageBoxAnswerer answers({QMessageBox::Discard, QMessageBox::Ok});
      dropFile(window, bad);
      INFO(answers.texts().join(" | ").toStdString());
      REQUIRE(answers.done());
      CHECK(answers.texts().at(0).contains("unsaved changes"));
      CHECK(answers.texts().at(1).contains(QFileInfo(bad).fileName()));
      unchanged();
    }
    // The undo history still works on the same document.
    document.undoStack().undo();
    CHECK(document.scene().parameters().value(document.scene().parameters().find("mover.x")) == 0.5);
  }
}

TEST_CASE("preferences are applied at once, stored, and used by the next window", "[document][settings]") {
  SettingsReset reset;
  MainWindow window;
  const Preferences defaults;
  CHECK(Preferences::load() == defaults);
  CHECK(window.autosave().intervalSeconds() == 60);

  PreferencesDialog dialog(Preferences::load(), &window);
  CHECK(dialog.autosaveSpin()->value() == 60);
  dialog.autosaveSpin()->setValue(15);
  dialog.shadingCombo()->setCurrentIndex(static_cast<int>(ShadingMode::Wireframe));
  dialog.recentSpin()->setValue(3);
  const Preferences chosen = dialog.preferences();
  window.applyPreferences(chosen);
  CHECK(window.autosave().intervalSeconds() == 15);
  CHECK(window.viewport().renderOptions().shading == ShadingMode::Wireframe);
  CHECK(Preferences::load() == chosen);

  // The recent list keeps only the newest three.
  RecentFiles recent(chosen.recentFilesCount);
  recent.clear();
  for (const char* name : {"/tmp/a.json", "/tmp/b.json", "/tmp/c.json", "/tmp/d.json"}) recent.add(name);
  CHECK(recent.paths() == QStringList{"/tmp/d.json", "/tmp/c.json", "/tmp/b.json"});
  recent.clear();

  MainWindow next;
  CHECK(next.autosave().intervalSeconds() == 15);
  CHECK(next.viewport().renderOptions().shading == ShadingMode::Wireframe);

  // Out-of-range stored values are clamped, not trusted.
  QSettings().setValue("preferences/autosaveIntervalSeconds", 0);
  CHECK(Preferences::load().autosaveIntervalSeconds == Preferences::kMinAutosaveSeconds);
  QSettings().setValue("preferences/viewportAntialiasing", 3);
  CHECK(Preferences::load().viewportAntialiasing == kAntialiasAutomatic);
}

// Issue 17 item 3: multisampling under a software rasterizer costs the CPU every sample.
TEST_CASE("viewport anti-aliasing: automatic is 4x on a GPU and off under a software rasterizer; the preference "
          "reaches the next window's viewport", "[document][settings]") {
  CHECK(isSoftwareRenderer("llvmpipe (LLVM 15.0.6, 256 bits)"));
  CHECK(isSoftwareRenderer("softpipe"));
  CHECK(isSoftwareRenderer("Google SwiftShader"));
  CHECK_FALSE(isSoftwareRenderer("NVIDIA GeForce RTX 3060/PCIe/SSE2"));
  CHECK_FALSE(isSoftwareRenderer("AMD Radeon RX 6600 (navi23, LLVM 15.0.6, DRM 3.49, 6.1.0-13-amd64)"));
  CHECK_FALSE(isSoftwareRenderer("Mesa Intel(R) UHD Graphics 620 (KBL GT2)"));
  CHECK(viewportSamples(kAntialiasAutomatic, "llvmpipe (LLVM 15.0.6, 256 bits)") == 0);
  CHECK(viewportSamples(kAntialiasAutomatic, "Mesa Intel(R) UHD Graphics 620 (KBL GT2)") == 4);
  CHECK(viewportSamples(8, "llvmpipe (LLVM 15.0.6, 256 bits)") == 8);
  CHECK(viewportSamples(0, "NVIDIA GeForce RTX 3060/PCIe/SSE2") == 0);

  SettingsReset reset;
  const QString renderer = probeGlRenderer();
  INFO(renderer.toStdString());
  CHECK_FALSE(renderer.isEmpty());
  {
    MainWindow window;  // Automatic
    CHECK(window.viewport().samples() == (isSoftwareRenderer(renderer) ? 0 : 4));
    CHECK(window.viewport().format().samples() == window.viewport().samples());
  }
  PreferencesDialog dialog(Preferences::load());
  REQUIRE(dialog.antialiasingCombo()->currentData().toInt() == kAntialiasAutomatic);
  dialog.antialiasingCombo()->setCurrentIndex(dialog.antialiasingCombo()->findData(2));
  const Preferences chosen = dialog.preferences();
  CHECK(chosen.viewportAntialiasing == 2);
  chosen.store();
  MainWindow next;
  CHECK(next.viewport().samples() == 2);
  CHECK(next.viewport().format().samples() == 2);
  next.show();
  REQUIRE(QTest::qWaitForWindowExposed(&next));
  QApplication::processEvents();
  CHECK_FALSE(next.viewport().grabFramebuffer().isNull());  // a context of that format was made
}

TEST_CASE("window geometry and the dock layout are restored after a clean close", "[document][settings]") {
  SettingsReset reset;
  QSize size;
  {
    MainWindow window;
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    window.resize(900, 640);
    auto* dock = window.findChild<QDockWidget*>("outliner");
    REQUIRE(dock);
    dock->hide();
    QTest::qWait(50);
    size = window.size();
    REQUIRE(window.close());  // unmodified: closes without asking
  }
  MainWindow reopened;
  reopened.show();
  REQUIRE(QTest::qWaitForWindowExposed(&reopened));
  INFO(size.width() << "x" << size.height() << " vs " << reopened.width() << "x" << reopened.height());
  CHECK(reopened.size() == size);
  auto* dock = reopened.findChild<QDockWidget*>("outliner");
  REQUIRE(dock);
  CHECK_FALSE(dock->isVisible());
}
