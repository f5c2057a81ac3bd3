// File → Import and File → Open of a mesh file that makes assimp allocate without end (issue 28
// item 4, the window side): the read stops at the import's memory limit with an error naming the
// file, its progress shows with Cancel, and the limits are preferences.
#include <catch2/catch.hpp>

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QProgressDialog>
#include <QSpinBox>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTimer>

#include "document/import_export_actions.h"
#include "document/import_progress.h"
#include "document/scene_document.h"
#include "flexure/interchange/import_limits.h"
#include "support/document_test_support.h"
#include "support/gui_test_support.h"
#include "window/app_settings.h"
#include "window/main_window.h"
#include "window/preferences_dialog.h"

using namespace flexure;
using namespace flexure::app;
using namespace flexure::app::testing;

namespace {

// The fuzz finding of tests/interchange/regressions (its first byte is the fuzz target's format
// hint): 4 kB of Collada whose library nodes each instance the one before twice.
QString writeRunawayCollada(const QString& directory) {
  QFile source(sourcePath("tests/interchange/regressions/collada-exponential-instances.bin"));
  REQUIRE(source.open(QIODevice::ReadOnly));
  const QString path = QDir(directory).filePath("runaway.dae");
  QFile out(path);
  REQUIRE(out.open(QIODevice::WriteOnly));
  out.write(source.readAll().mid(1));
  return path;
}

// Sets the process-wide import limits for one test and restores them (after the window is
// made: a window applies its preferences' limits).
class LimitsFor {
 public:
  explicit LimitsFor(const MeshImportLimits& limits) : before_(meshImportLimits()) { setMeshImportLimits(limits); }
  ~LimitsFor() { setMeshImportLimits(before_); }

 private:
  MeshImportLimits before_;
};

// Records the import progress dialog's label once it has shown, then presses its Cancel.
class CancelImportProgress : public QObject {
 public:
  bool cancelled = false;
  QString label;
  bool eventFilter(QObject* watched, QEvent* event) override {
    if (event->type() == QEvent::Show && !cancelled && watched->objectName() == "importProgress")
      if (auto* progress = qobject_cast<QProgressDialog*>(watched)) {
        cancelled = true;
        label = progress->labelText();
        emit progress->canceled();  // what the Cancel button emits
      }
    return false;
  }
};

}  // namespace

TEST_CASE("importing a file on which assimp runs away stops at the memory limit and names the file",
          "[document][import][limits][issue28]") {
  QTemporaryDir dir;
  MainWindow window;  // sets the limits of its preferences
  const LimitsFor limits({std::uint64_t{256} << 20, 60.0});
  const QString path = writeRunawayCollada(dir.path());
  const int before = window.document().undoStack().count();
  QString error;
  CHECK_FALSE(importIntoDocument(window.document(), path, error, {}, nullptr, &window));
  INFO(error.toStdString());
  CHECK(error.startsWith(path + ": the importer needed more than 256 MiB of memory and was stopped"));
  CHECK_FALSE(error.contains("bad_alloc"));
  CHECK(window.document().undoStack().count() == before);
  CHECK(window.document().scene().root().children().empty());
}

TEST_CASE("a long import shows its progress, and Cancel stops it leaving the document as it was",
          "[document][import][limits][issue28]") {
  QTemporaryDir dir;
  MainWindow window;  // sets the limits of its preferences
  const LimitsFor limits({std::uint64_t{1} << 30, 60.0});
  REQUIRE(showAndWaitForFrames(window, 1));
  const QString path = writeRunawayCollada(dir.path());
  CancelImportProgress canceller;
  qApp->installEventFilter(&canceller);
  QString error;
  const bool imported = importIntoDocument(window.document(), path, error, {}, nullptr, &window);
  qApp->removeEventFilter(&canceller);
  CHECK_FALSE(imported);
  REQUIRE(canceller.cancelled);
  CHECK(canceller.label.startsWith("Reading runaway.dae…"));
  CHECK(canceller.label.contains("of at most 1 GiB"));
  CHECK(canceller.label.contains("of at most 60 s"));
  CHECK(isCancelledImport(error));
  CHECK(error == path + ": import cancelled");
  CHECK(window.document().scene().root().children().empty());
  CHECK(window.document().undoStack().count() == 0);
}

TEST_CASE("File → Open of a runaway mesh file ends in an error naming it, the document untouched",
          "[document][open][limits][issue28]") {
  QTemporaryDir dir;
  MainWindow window;  // sets the limits of its preferences
  const LimitsFor limits({std::uint64_t{256} << 20, 60.0});
  QString error;
  REQUIRE(window.openFile(sourcePath("scenes/pipe.json"), error));
  const std::string before = documentText(window.document().scene());
  const QString path = writeRunawayCollada(dir.path());
  CHECK_FALSE(window.openFile(path, error));
  INFO(error.toStdString());
  CHECK(error.startsWith(path + ": the importer needed more than 256 MiB"));
  CHECK(documentText(window.document().scene()) == before);
}

TEST_CASE("the import limits are preferences, applied at once", "[document][preferences][limits][issue28]") {
  const LimitsFor restore(meshImportLimits());
  const Preferences defaults;
  CHECK(defaults.importMemoryMiB == static_cast<int>(defaultMeshImportLimits().memoryBytes >> 20));
  CHECK(defaults.importSeconds == 60);
  PreferencesDialog dialog(defaults);
  dialog.importMemorySpin()->setValue(768);
  dialog.importSecondsSpin()->setValue(20);
  const Preferences chosen = dialog.preferences();
  CHECK(chosen.importMemoryMiB == 768);
  CHECK(chosen.importSeconds == 20);
  MainWindow window;
  window.applyPreferences(chosen);
  CHECK(meshImportLimits().memoryBytes == std::uint64_t{768} << 20);
  CHECK(meshImportLimits().seconds == 20.0);
  CHECK(Preferences::load().importMemoryMiB == 768);
  // 0 is "no limit".
  dialog.importMemorySpin()->setValue(0);
  CHECK(dialog.importMemorySpin()->text() == "no limit");
  window.applyPreferences(defaults);
  CHECK(meshImportLimits().memoryBytes == defaultMeshImportLimits().memoryBytes);
}
