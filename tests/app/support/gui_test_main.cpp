// Catch2 main for GUI tests: builds the QApplication only when tests actually run. CTest's
// discovery lists the tests at build time, where there may be no display; creating a
// QApplication there would abort and Catch2 v2 would silently register zero tests.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <QApplication>
#include <QDir>
#include <QStandardPaths>
#include <QTemporaryDir>

#include "flexure/modules.h"
#include "viewport/gl_format.h"

int main(int argc, char** argv) {
  Catch::Session session;
  if (const int rc = session.applyCommandLine(argc, argv)) return rc;
  const auto& config = session.configData();
  if (config.listTests || config.listTestNamesOnly || config.listTags || config.listReporters) return session.run();

  // Each test process gets a home of its own: ctest runs GUI tests in parallel, and QSettings,
  // autosave's recovery copies and their lock files (all under the home's test-mode locations)
  // would otherwise be seen by every other test process at once. Removed at exit.
  QTemporaryDir home(QDir::tempPath() + "/flexure-gui-test-home-XXXXXX");
  if (home.isValid()) qputenv("HOME", home.path().toLocal8Bit());

  flexure::app::installDefaultGlFormat();
  QApplication app(argc, argv);
  QApplication::setOrganizationName("Flexure-tests");
  QApplication::setApplicationName("flexure-gui-tests");
  QStandardPaths::setTestModeEnabled(true);  // QSettings go to a test location, not the user's
  flexure::registerAllModules();
  return session.run();
}
