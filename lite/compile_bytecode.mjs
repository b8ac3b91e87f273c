// Compile Python sources to bytecode with the very Pyodide the site ships, under Node.js.
//
//   node lite/compile_bytecode.mjs PYODIDE_DIR SOURCE_DIR
//
// Why: Pyodide never writes bytecode, and wheels from PyPI carry none, so without this every
// page load compiles sympy, IPython and the engines from source again. Only Pyodide's own
// interpreter knows its bytecode format, hence Node.js rather than the host Python.
// tools/build_lite.py unpacks the wheels into SOURCE_DIR and packs them again afterwards;
// this script only writes __pycache__/*.pyc (unchecked-hash: no timestamps to go stale).
import path from "node:path";

const [pyodideDir, sourceDir] = process.argv.slice(2).map((p) => path.resolve(p));
if (!pyodideDir || !sourceDir) {
  console.error("usage: node compile_bytecode.mjs PYODIDE_DIR SOURCE_DIR");
  process.exit(2);
}
const { loadPyodide } = await import(path.join(pyodideDir, "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep });
pyodide.FS.mkdirTree("/src");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: sourceDir }, "/src");
const ok = pyodide.runPython(`
import compileall, py_compile
compileall.compile_dir("/src", quiet=1, workers=1,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
`);
process.exit(ok ? 0 : 1);
