// The Python console and Scripts ▸ Run Script… in the window (issue 16; docs/python.md "The
// console"): blocks as one undo step, multi-line input, tracebacks, `scene` following the
// document, interrupting a script that does not end, and running files.
#include <catch2/catch.hpp>

#include <QDir>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>
#include <algorithm>
#include <filesystem>

#include "commands/node_commands.h"
#include "document/scene_document.h"
#include "document/scene_selection.h"
#include "flexure/io/grid_scene.h"
#include "flexure/session/session_result.h"
#include "panels/parameter_panel.h"
#include "scripting/console_history.h"
#include "scripting/console_input.h"
#include "scripting/python_console_panel.h"
#include "scripting/python_runtime.h"
#include "scripting/script_session.h"
#include "support/gui_test_support.h"
#include "support/panel_test_support.h"
#include "viewport/viewport.h"
#include "window/main_window.h"

using namespace flexure;
using namespace flexure::app;
using namespace flexure::app::testing;

namespace {

// A window on scenes/pipefitting.json with the live solver paused (Ψ stays as the script leaves
// it), and its console.
struct ConsoleWindow {
  MainWindow window;
  PythonConsolePanel* console = nullptr;
  explicit ConsoleWindow(bool liveSolver = false) {
    static const bool packageAdded = [] {
      PythonRuntime::addPackageDirectory(FLEXURE_BUILD_PYTHON_DIR);
      return true;
    }();
    (void)packageAdded;
    window.setSolveOnOpen(liveSolver);
    QString error;
    REQUIRE(window.openFile(sourcePath("scenes/pipefitting.json"), error));
    console = window.findChild<PythonConsolePanel*>();
    REQUIRE(console != nullptr);
  }
  SceneDocument& document() { return window.document(); }
  double value(const char* name) {
    const int i = document().scene().parameters().find(name);
    REQUIRE(i >= 0);
    return document().scene().parameters().value(i);
  }
  // Types `text` into the console's input and presses Enter.
  void enter(const QString& text) {
    console->input()->setBlockText(text);
    QTest::keyClick(console->input(), Qt::Key_Return);
  }
  RunStatus run(const QString& block) { return console->session().runBlock(block); }
};

}  // namespace

TEST_CASE("a console block that sets parameters is one undo step and the property editor shows the value",
          "[app][scripting]") {
  ConsoleWindow w;
  const Eigen::VectorXd before = w.document().scene().parameters().values();
  const std::string textBefore = sceneText(w.document().scene());
  w.window.selection().select(w.document().scene().find("pipe-bend"));
  auto* parameters = w.window.findChild<ParameterPanel*>();
  REQUIRE(parameters != nullptr);
  const int amount = w.document().scene().parameters().find("pipe-bend.amount");
  const int x = w.document().scene().parameters().find("pipe-translate.x");
  REQUIRE(amount >= 0);
  REQUIRE(x >= 0);
  const int steps = w.document().undoStack().count();

  w.enter("scene.params['pipe-bend.amount'] = 0.4; scene.params['pipe-translate.x'] = 0.25");
  CHECK(w.console->outputText().contains(">>> scene.params['pipe-bend.amount'] = 0.4"));
  CHECK(w.value("pipe-bend.amount") == 0.4);
  CHECK(w.value("pipe-translate.x") == 0.25);
  REQUIRE(w.document().undoStack().count() == steps + 1);
  CHECK(w.document().undoStack().text(steps).startsWith("Python: scene.params['pipe-bend.amount']"));
  CHECK(w.document().isModified());
  // The property editor shows the value the script set.
  const ParameterPanel::Row* row = nullptr;
  for (const auto& r : parameters->rows())
    if (r.parameter == amount) row = &r;
  REQUIRE(row != nullptr);
  CHECK(row->value->value() == Approx(0.4));

  w.document().undoStack().undo();
  CHECK(w.document().scene().parameters().values() == before);  // every value, bit for bit
  CHECK(sceneText(w.document().scene()) == textBefore);
  CHECK(row->value->value() == Approx(before[amount]));
  w.document().undoStack().redo();
  CHECK(w.value("pipe-bend.amount") == 0.4);
  CHECK(w.value("pipe-translate.x") == 0.25);

  // A block that only reads pushes nothing.
  CHECK(w.run("print(scene.params['pipe-bend.amount'])") == RunStatus::Ok);
  CHECK(w.document().undoStack().count() == steps + 1);
  CHECK(w.console->outputText().contains("0.4\n"));
}

TEST_CASE("a multi-line block: Enter continues an open block, an empty line runs it", "[app][scripting]") {
  ConsoleWindow w;
  const int steps = w.document().undoStack().count();
  w.enter("total = 0\nfor k in range(4):");
  CHECK_FALSE(w.console->outputText().contains(">>> total = 0"));  // not run: the loop has no body yet
  QTest::keyClicks(w.console->input(), "total += k");
  QTest::keyClick(w.console->input(), Qt::Key_Return);  // still inside the loop: a new line
  CHECK_FALSE(w.console->outputText().contains(">>> total = 0"));
  CHECK(w.console->input()->toPlainText() == "total = 0\nfor k in range(4):\n    total += k\n    ");
  QTest::keyClick(w.console->input(), Qt::Key_Return);  // an empty line ends the block
  CHECK(w.console->outputText().contains(">>> total = 0\n... for k in range(4):\n...     total += k\n"));
  CHECK(w.console->input()->toPlainText().isEmpty());
  w.enter("total");
  CHECK(w.console->outputText().endsWith(">>> total\n6\n"));  // a final expression is shown

  // A loop that edits Ψ several times is still one step.
  CHECK(w.run("for k in range(5):\n    scene.params['pipe-bend.amount'] = 0.1 * k\n") == RunStatus::Ok);
  CHECK(w.value("pipe-bend.amount") == Approx(0.4));
  CHECK(w.document().undoStack().count() == steps + 1);

  // Up brings the last block back.
  w.console->input()->clear();
  QTest::keyClick(w.console->input(), Qt::Key_Up);
  CHECK(w.console->input()->toPlainText() == "total");
  QTest::keyClick(w.console->input(), Qt::Key_Up);
  CHECK(w.console->input()->toPlainText() == "total = 0\nfor k in range(4):\n    total += k");
}

TEST_CASE("a syntax error and an exception show a traceback with the block's line and change nothing",
          "[app][scripting]") {
  ConsoleWindow w;
  const std::string before = sceneText(w.document().scene());
  const int steps = w.document().undoStack().count();
  CHECK(w.run("x = 1 +* 2") == RunStatus::Error);
  CHECK(w.console->outputText().contains("SyntaxError"));
  CHECK(w.run("a = 1\nb = 2\nraise ValueError('boom')") == RunStatus::Error);
  CHECK(w.console->outputText().contains("File \"<console>\", line 3"));
  CHECK(w.console->outputText().contains("ValueError: boom"));
  CHECK(w.run("scene.params['no-such.slot'] = 1.0") == RunStatus::Error);
  CHECK(w.console->outputText().contains("KeyError"));
  CHECK(w.document().undoStack().count() == steps);
  CHECK(sceneText(w.document().scene()) == before);
  CHECK_FALSE(w.document().isModified());

  // Edits made before the error stay, as one step that undo takes back.
  CHECK(w.run("scene.params['pipe-bend.amount'] = 0.45\n1 / 0") == RunStatus::Error);
  CHECK(w.console->outputText().contains("ZeroDivisionError"));
  CHECK(w.value("pipe-bend.amount") == 0.45);
  REQUIRE(w.document().undoStack().count() == steps + 1);
  w.document().undoStack().undo();
  CHECK(sceneText(w.document().scene()) == before);
}

TEST_CASE("`scene` follows File → New and Open; a reference kept from the old document raises",
          "[app][scripting]") {
  ConsoleWindow w;
  const int count = w.document().scene().parameters().size();
  REQUIRE(count > 0);
  CHECK(w.run("old = scene\nprint('count', len(scene.params))") == RunStatus::Ok);
  CHECK(w.console->outputText().contains(QString("count %1\n").arg(count)));
  w.document().newScene();
  CHECK(w.run("print('after new', len(scene.params))") == RunStatus::Ok);
  CHECK(w.console->outputText().contains("after new 0\n"));
  CHECK(w.run("old.params['pipe-bend.amount']") == RunStatus::Error);
  CHECK(w.console->outputText().contains("RuntimeError"));
  QString error;
  REQUIRE(w.window.openFile(sourcePath("scenes/pipefitting.json"), error));
  CHECK(w.run("print('after open', len(scene.params), scene.params['pipe-bend.amount'])") == RunStatus::Ok);
  CHECK(w.console->outputText().contains(QString("after open %1 ").arg(count)));
  CHECK(w.run("import flexure\nprint(type(scene) is flexure.Scene, flexure.load)") == RunStatus::Ok);
  CHECK(w.console->outputText().contains("True <built-in method load"));
  // numpy in the window's interpreter (also in the ASan+UBSan build of the test suite).
  CHECK(w.run("import numpy\nv = scene.params.values\nprint('values', type(v).__name__, v.dtype, v.size)") == RunStatus::Ok);
  CHECK(w.console->outputText().contains(QString("values ndarray float64 %1\n").arg(count)));
}

TEST_CASE("a structural block is one undo step and the undo steps before it stay valid", "[app][scripting]") {
  ConsoleWindow w;
  SceneDocument& doc = w.document();
  const std::string original = sceneText(doc.scene());
  doc.undoStack().push(new RenameNodeCommand(doc, *doc.scene().find("pipe-translate"), "pipe-place"));
  const std::string renamed = sceneText(doc.scene());
  const int steps = doc.undoStack().count();
  CHECK(w.run("t = scene.add_node(None, 'translate', 'probe-at', params={'x': 1.5})\n"
              "scene.add_node(t, 'sphere', 'probe', params={'radius': 0.25})\n"
              "scene.params['pipe-bend.amount'] = 0.35\n"
              "scene.constraint('join-a').weight = 2.0") == RunStatus::Ok);
  REQUIRE(doc.undoStack().count() == steps + 1);
  REQUIRE(doc.scene().find("probe") != nullptr);
  CHECK(w.value("probe-at.x") == 1.5);
  const std::string scripted = sceneText(doc.scene());
  std::string why;
  CHECK(isConsistent(doc.scene(), why));
  doc.undoStack().undo();  // the script's step
  CHECK(sceneText(doc.scene()) == renamed);
  CHECK(doc.scene().find("probe") == nullptr);
  doc.undoStack().undo();  // the rename, whose node the script's step put back
  CHECK(sceneText(doc.scene()) == original);
  doc.undoStack().redo();
  doc.undoStack().redo();
  CHECK(sceneText(doc.scene()) == scripted);
  CHECK(isConsistent(doc.scene(), why));
}

TEST_CASE("a script that does not end is interrupted by Stop, Esc or Ctrl+C and the window stays usable",
          "[app][scripting]") {
  ConsoleWindow w;
  REQUIRE(showAndWaitForMeshes(w.window));
  w.console->show();
  const int steps = w.document().undoStack().count();
  const double before = w.value("pipe-bend.amount");
  bool busyShown = false;
  bool stopEnabled = false;
  QString statusText;
  QTimer::singleShot(400, [&] {
    busyShown = w.console->busyBar()->isVisible();
    stopEnabled = w.console->stopButton()->isEnabled();
    statusText = w.window.statusBar()->currentMessage();
    QTest::mouseClick(w.console->stopButton(), Qt::LeftButton);
  });
  const RunStatus stopped = w.run("scene.params['pipe-bend.amount'] = 0.41\nn = 0\nwhile True:\n    n += 1");
  CHECK(stopped == RunStatus::Interrupted);
  CHECK(busyShown);
  CHECK(stopEnabled);
  CHECK(statusText.startsWith("Running script"));
  CHECK(w.console->outputText().contains("KeyboardInterrupt"));
  // Where the loop was stopped: the `while` line (CPython 3.11 gives the back jump that line) or
  // its body, quoted from the block.
  INFO(w.console->outputText().toStdString());
  CHECK(w.console->outputText().contains(QRegularExpression("File \"<console>\", line [34], in <module>\n +(while True:|n \\+= 1)\n")));
  CHECK_FALSE(w.console->busyBar()->isVisible());
  // The edits before the interrupt are one undo step.
  REQUIRE(w.document().undoStack().count() == steps + 1);
  CHECK(w.document().undoStack().text(steps).endsWith("(interrupted)"));
  CHECK(w.value("pipe-bend.amount") == 0.41);

  // Esc interrupts a loop of solves too; a click elsewhere meanwhile does nothing.
  QTimer::singleShot(400, [&] {
    QTest::mouseClick(w.window.menuBar(), Qt::LeftButton, {}, QPoint(10, 5));
    QTest::keyClick(w.console->input(), Qt::Key_Escape);
  });
  CHECK(w.run("while True:\n    scene.solve()") == RunStatus::Interrupted);

  // Ctrl+C in the console interrupts as well.
  QTimer::singleShot(300, [&] { QTest::keyClick(w.console->input(), Qt::Key_C, Qt::ControlModifier); });
  CHECK(w.run("import itertools\nfor i in itertools.count():\n    pass") == RunStatus::Interrupted);

  // The console and the window go on working; the solves are the second step.
  CHECK(w.run("print('alive', n > 0)") == RunStatus::Ok);
  CHECK(w.console->outputText().contains("alive True"));
  REQUIRE(w.document().undoStack().count() == steps + 2);
  w.document().undoStack().undo();
  w.document().undoStack().undo();
  CHECK(w.value("pipe-bend.amount") == before);
  CHECK(waitForFrames(w.window.viewport(), 2));
}

TEST_CASE("Scripts ▸ Run Script runs a file as one undo step and names the file in a traceback",
          "[app][scripting]") {
  ConsoleWindow w;
  QTemporaryDir dir;
  const QString good = dir.filePath("set_bend.py");
  const QString bad = dir.filePath("broken.py");
  {
    QFile f(good);
    REQUIRE(f.open(QIODevice::WriteOnly));
    f.write("import flexure\nfor k in range(3):\n    scene.params['pipe-bend.amount'] = 0.2 + 0.1 * k\n"
            "print('ran as', __name__, len(scene.params))\n");
  }
  {
    QFile f(bad);
    REQUIRE(f.open(QIODevice::WriteOnly));
    f.write("scene.params['pipe-bend.amount'] = 0.25\nraise RuntimeError('bad script')\n");
  }
  // The Scripts menu is there and holds Run Script.
  QMenu* scripts = nullptr;
  for (QAction* a : w.window.menuBar()->actions())
    if (a->text() == "&Scripts") scripts = a->menu();
  REQUIRE(scripts != nullptr);
  bool hasRun = false;
  for (QAction* a : scripts->actions()) hasRun = hasRun || a->text().startsWith("&Run Script");
  CHECK(hasRun);

  const std::string before = sceneText(w.document().scene());
  const int steps = w.document().undoStack().count();
  w.console->hide();
  CHECK(w.console->runScriptFile(good) == RunStatus::Ok);
  CHECK_FALSE(w.console->isHidden());  // the console opens to show the output
  CHECK(w.console->outputText().contains("ran as __main__"));
  CHECK(w.value("pipe-bend.amount") == Approx(0.4));
  REQUIRE(w.document().undoStack().count() == steps + 1);
  CHECK(w.document().undoStack().text(steps) == "Python: set_bend.py");

  CHECK(w.console->runScriptFile(bad) == RunStatus::Error);
  CHECK(w.console->outputText().contains("broken.py\", line 2"));
  CHECK(w.console->outputText().contains("RuntimeError: bad script"));
  CHECK(PythonConsolePanel::recentScripts().value(0) == QFileInfo(bad).absoluteFilePath());
  CHECK(PythonConsolePanel::recentScripts().value(1) == QFileInfo(good).absoluteFilePath());
  w.document().undoStack().undo();
  w.document().undoStack().undo();
  CHECK(sceneText(w.document().scene()) == before);
}

TEST_CASE("the viewport shows a block's result (and the console's picture for docs/python.md)", "[app][scripting]") {
  ConsoleWindow w;
  w.window.resize(1200, 860);
  REQUIRE(showAndWaitForMeshes(w.window));
  w.console->show();
  w.console->raise();
  w.window.resizeDocks({w.console}, {330}, Qt::Vertical);
  const std::uint64_t frames = w.window.geometryFramesShown();
  w.enter("scene.params['pipe-bend.amount'] = 0.9");
  w.enter("report = scene.solve()\nprint('converged:', report['converged'], 'energy: %.2g' % report['energy'])");
  w.enter("for name in ['pipe-bend.amount', 'pipe-translate.x']:\n    print(name, '=', round(scene.params[name], 4))\n");
  w.enter("[(n.name, n.type) for n in scene.node('pipe-rotate').children]");
  CHECK(w.console->outputText().contains("converged: "));
  CHECK(w.console->outputText().contains("[('pipe-bend', 'bend')]"));
  REQUIRE(w.document().undoStack().count() == 2);
  // The viewport gets geometry of the scripted Ψ (it was held back while the blocks ran).
  CHECK(QTest::qWaitFor([&] { return w.window.geometryUpToDate() && w.window.geometryFramesShown() > frames; }, 10000));
  CHECK(waitForFrames(w.window.viewport(), 2));
  if (const QString docs = qEnvironmentVariable("FLEXURE_DOC_SCREENSHOTS"); !docs.isEmpty()) {
    QTest::qWait(300);
    windowPicture(w.window).save(QDir(docs).filePath("app-python-console.png"));
  }
}

TEST_CASE("the program finds the flexure package beside itself in the build tree", "[app][scripting]") {
  // build/bin/flexure → build/python (what `import flexure` needs in the window; the tests add
  // the same directory by hand because test_app lives elsewhere).
  bool found = false;
  for (const auto& dir : PythonRuntime::packageDirectoriesBeside(FLEXURE_APP_EXECUTABLE))
    found = found || std::filesystem::is_regular_file(dir / "flexure" / "__init__.py");
  CHECK(found);
}

TEST_CASE("the console's history is kept across sessions and bounded", "[app][scripting]") {
  {
    ConsoleHistory history;
    history.add("x = 1");
    history.add("x = 1");  // a repeat of the newest block is not stored twice
    history.add("print(x)");
  }
  ConsoleHistory next;  // a later session reads what the earlier one stored
  REQUIRE(next.entries().size() >= 2);
  CHECK(next.entries().last() == "print(x)");
  CHECK(next.entries()[next.entries().size() - 2] == "x = 1");
  CHECK(next.older("draft") == "print(x)");
  CHECK(next.older("draft") == "x = 1");
  CHECK(next.newer() == "print(x)");
  CHECK(next.newer() == "draft");  // past the newest: the text being typed comes back
  for (int i = 0; i < ConsoleHistory::kMaxEntries + 20; ++i) next.add(QString("block %1").arg(i));
  ConsoleHistory bounded;
  CHECK(bounded.entries().size() == ConsoleHistory::kMaxEntries);
  CHECK(bounded.entries().last() == QString("block %1").arg(ConsoleHistory::kMaxEntries + 19));
}

// Hidden (run by hand, figures in docs/python.md): what a block costs on the 10,000-node grid,
// where each block exchanges the document's content with a deep copy (script_edit_recorder.h).
TEST_CASE("console block cost on the 10,000-node grid", "[.][scripting-cost]") {
  QTemporaryDir dir;
  const QString path = dir.filePath("grid.json");
  {
    QFile file(path);
    REQUIRE(file.open(QIODevice::WriteOnly));
    file.write(QByteArray::fromStdString(gridSceneText()));
  }
  PythonRuntime::addPackageDirectory(FLEXURE_BUILD_PYTHON_DIR);
  MainWindow window;
  window.setSolveOnOpen(false);
  QString error;
  REQUIRE(window.openFile(path, error));
  auto* console = window.findChild<PythonConsolePanel*>();
  REQUIRE(console->session().runBlock("import time") == RunStatus::Ok);  // Python started
  const auto time = [&](const QString& block) {
    double best = 1e9;
    for (int i = 0; i < 5; ++i) {
      QElapsedTimer clock;
      clock.start();
      REQUIRE(console->session().runBlock(block) == RunStatus::Ok);
      best = std::min(best, static_cast<double>(clock.nsecsElapsed()) * 1e-6);
    }
    return best;
  };
  const double idle = time("pass");
  const double value = time("scene.params[0] = scene.params[0] + 1e-3");
  const double structure = time("k = globals().get('k', 0) + 1\nscene.node(scene.params.names[0].split('.')[0]).name = 'renamed%d' % k");
  WARN("nodes " << window.document().scene().nodes().size() << ": a block that reads " << idle
                << " ms, sets one value " << value << " ms, renames a node " << structure << " ms (best of 5)");
}

TEST_CASE("a block runs while the live solver solves: one undo step, then the solver goes on from it",
          "[app][scripting]") {
  ConsoleWindow w(/*liveSolver=*/true);
  REQUIRE(showAndWaitForMeshes(w.window));
  REQUIRE(QTest::qWaitFor([&] { return w.window.shownResult() != nullptr; }, 10000));
  const Eigen::VectorXd before = w.document().scene().parameters().values();
  const int steps = w.document().undoStack().count();
  CHECK(w.run("for k in range(50):\n    scene.params['pipe-translate.x'] = 0.01 * k\n") == RunStatus::Ok);
  REQUIRE(w.document().undoStack().count() == steps + 1);
  // No solver result was adopted while the block ran: the document holds the script's value.
  CHECK(w.value("pipe-translate.x") == 0.01 * 49);
  // The solver continues from the script's Ψ: a newer result arrives and is shown.
  const std::uint64_t seen = w.window.shownResult()->sequence;
  CHECK(QTest::qWaitFor([&] { return w.window.shownResult()->sequence > seen; }, 10000));
  w.document().undoStack().undo();
  CHECK(w.document().scene().parameters().values() == before);
}
