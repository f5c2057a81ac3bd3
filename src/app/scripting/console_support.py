"""The Python side of Flexure's console and Scripts -> Run Script (src/app/scripting, docs/python.md).

The window's C++ code (script_engine.cpp) imports this module as `_flexure_console` and calls
three functions: `block_status` decides whether Enter runs the typed block or continues it,
`run_block` runs a console block and `run_file` a script file. Both send what the code prints to
`emit(stream, text)` and print a traceback that starts at the user's code (not at this module)
and names the block's or the file's line.
"""
import ast
import builtins
import codeop
import contextlib
import io
import linecache
import os
import sys
import traceback

CONSOLE_FILENAME = "<console>"


def block_status(source):
    """'complete', 'incomplete' or 'invalid' for the text typed so far.

    codeop decides what the interactive prompt decides: None means the statement is not
    finished (an open bracket, a colon with no body). A compound statement whose last line is
    still indented is continued too, so a loop body can have several lines; an empty line ends
    it, as at Python's own prompt.
    """
    try:
        code = codeop.compile_command(source, CONSOLE_FILENAME, "exec")
    except (SyntaxError, OverflowError, ValueError):
        return "invalid"
    if code is None:
        return "incomplete"
    lines = source.split("\n")
    if len(lines) > 1 and lines[-1].strip() and lines[-1][:1] in (" ", "\t"):
        return "incomplete"
    return "complete"


class _Stream(io.TextIOBase):
    """sys.stdout / sys.stderr while a block runs: every write goes to the console."""

    def __init__(self, emit, name):
        super().__init__()
        self._emit = emit
        self._name = name

    @property
    def name(self):
        return "<" + self._name + ">"

    def writable(self):
        return True

    def write(self, text):
        if not isinstance(text, str):
            raise TypeError("write() argument must be str, not " + type(text).__name__)
        if text:
            self._emit(self._name, text)
        return len(text)

    def flush(self):
        pass

    def isatty(self):
        return False


class _NoInput(io.TextIOBase):
    """sys.stdin while a block runs: the window has no terminal to read from."""

    def readable(self):
        return True

    def read(self, size=-1):
        raise OSError("input() is not available in the Flexure console: set values in the script")

    readline = read


def _show_exception(skip_frames):
    """Prints the exception being handled to sys.stderr, leaving out this module's frames."""
    etype, value, tb = sys.exc_info()
    for _ in range(skip_frames):
        if tb is not None:
            tb = tb.tb_next
    if isinstance(value, SyntaxError):
        lines = traceback.format_exception_only(etype, value)
    else:
        lines = traceback.format_exception(etype, value, tb)
    sys.stderr.write("".join(lines))


def _run(source, filename, namespace, interactive, emit):
    status = "ok"
    with contextlib.ExitStack() as stack:
        stack.enter_context(contextlib.redirect_stdout(_Stream(emit, "stdout")))
        stack.enter_context(contextlib.redirect_stderr(_Stream(emit, "stderr")))
        saved_stdin, sys.stdin = sys.stdin, _NoInput()
        stack.callback(setattr, sys, "stdin", saved_stdin)
        saved_hook, sys.displayhook = sys.displayhook, sys.__displayhook__
        stack.callback(setattr, sys, "displayhook", saved_hook)
        try:
            tree = compile(source, filename, "exec", ast.PyCF_ONLY_AST, dont_inherit=True)
            last = None
            # At the prompt the value of a final expression is shown, as Python's REPL does.
            if interactive and tree.body and isinstance(tree.body[-1], ast.Expr):
                last = ast.Interactive(body=[tree.body.pop()])
            body = compile(tree, filename, "exec", dont_inherit=True)
            tail = compile(last, filename, "single", dont_inherit=True) if last is not None else None
        except (SyntaxError, OverflowError, ValueError):
            _show_exception(0)
            return "error"
        try:
            exec(body, namespace)
            if tail is not None:
                exec(tail, namespace)
        except KeyboardInterrupt:
            _show_exception(1)
            status = "interrupted"
        except SystemExit as e:
            if e.code not in (None, 0):
                sys.stderr.write("SystemExit: %s\n" % (e.code,))
                status = "error"
        except BaseException:
            _show_exception(1)
            status = "error"
    return status


def run_block(source, namespace, emit):
    """Runs a console block in the console's namespace; 'ok', 'error' or 'interrupted'."""
    # Tracebacks quote the block's lines: linecache serves them under the block's name.
    linecache.cache[CONSOLE_FILENAME] = (len(source), None, source.splitlines(True), CONSOLE_FILENAME)
    return _run(source, CONSOLE_FILENAME, namespace, True, emit)


def run_file(path, namespace, emit):
    """Runs a script file as __main__ with `scene` and `flexure` bound; its folder is importable."""
    path = os.path.abspath(path)
    try:
        with open(path, "rb") as f:
            source = f.read()
    except OSError as e:
        emit("stderr", "%s: %s\n" % (path, e.strerror or e))
        return "error"
    linecache.checkcache(path)
    folder = os.path.dirname(path)
    sys.path.insert(0, folder)
    try:
        globals_ = {"__name__": "__main__", "__file__": path, "__builtins__": builtins}
        for name in ("scene", "flexure"):
            if name in namespace:
                globals_[name] = namespace[name]
        return _run(source, path, globals_, False, emit)
    finally:
        try:
            sys.path.remove(folder)
        except ValueError:
            pass
