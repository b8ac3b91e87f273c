// Treehouse Lab answer box (treehouse_lab/boards/answer_box.py): a labelled field, Check
// and Hint, the verdict in an aria-live region, and after "Correct" the completion code.
// The kernel grades; this file only sends what was typed and shows what comes back.

let boxesMade = 0;

function make(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function render({ model, el }) {
  boxesMade += 1;
  const id = model.get("exercise_id");
  const prefix = `tl-answer-${Math.random().toString(36).slice(2, 7)}${boxesMade}-`;
  el.classList.add("tl-answer");
  el.setAttribute("role", "group");
  el.setAttribute("aria-label", `Answer box for exercise ${id}`);

  const label = make("label", "tl-answer-label", `Your answer to exercise ${id}`);
  const field = make("input", "tl-answer-field");
  field.type = "text";
  field.id = `${prefix}field`;
  field.autocomplete = "off";
  field.spellcheck = false;
  label.htmlFor = field.id;
  const accepts = make("div", "tl-answer-accepts", `Type ${model.get("accepts")}, then press Enter or Check.`);
  accepts.id = `${prefix}accepts`;
  field.setAttribute("aria-describedby", accepts.id);
  const check = make("button", "tl-answer-check", "Check");
  check.type = "button";
  const hint = make("button", "tl-answer-hint", "Hint");
  hint.type = "button";
  const row = make("div", "tl-answer-row");
  row.append(field, check, hint);
  const verdict = make("div", "tl-answer-verdict");
  verdict.setAttribute("role", "status");
  verdict.setAttribute("aria-live", "polite");

  const done = make("div", "tl-answer-done");
  const how = make("p", "tl-answer-how",
    "Solved. To show your teacher, type your name and get your completion code; it lists " +
    "every exercise you solved in this notebook so far.");
  const nameLabel = make("label", "tl-answer-label", "Your name");
  const name = make("input", "tl-answer-name");
  name.type = "text";
  name.id = `${prefix}name`;
  name.autocomplete = "name";
  nameLabel.htmlFor = name.id;
  const get = make("button", "tl-answer-get", "Get my completion code");
  get.type = "button";
  const nameRow = make("div", "tl-answer-row");
  nameRow.append(name, get);
  const codeMessage = make("div", "tl-answer-code-message");
  codeMessage.setAttribute("role", "status");
  codeMessage.setAttribute("aria-live", "polite");
  const codeLabel = make("label", "tl-answer-label", "Your completion code (read-only: select it and copy)");
  const code = make("input", "tl-answer-code");
  code.type = "text";
  code.readOnly = true;
  code.id = `${prefix}code`;
  codeLabel.htmlFor = code.id;
  const codeRow = make("div", "tl-answer-code-row");
  codeRow.append(codeLabel, code);
  done.append(how, nameLabel, nameRow, codeMessage, codeRow);

  // A student's own numbers (tl.exercises.student), above the field they are for.
  const numbers = make("p", "tl-answer-numbers", model.get("numbers") || "");
  numbers.hidden = !model.get("numbers");
  name.value = model.get("student") || "";

  el.append(numbers, label, accepts, row, verdict, done);

  const sendCheck = () => model.send({ do: "check", text: field.value });
  const sendCode = () => model.send({ do: "code", name: name.value });
  const onFieldKey = (e) => {
    if (e.key === "Enter") { e.preventDefault(); sendCheck(); }
  };
  const onNameKey = (e) => {
    if (e.key === "Enter") { e.preventDefault(); sendCode(); }
  };
  const onHint = () => model.send({ do: "hint" });
  field.addEventListener("keydown", onFieldKey);
  check.addEventListener("click", sendCheck);
  hint.addEventListener("click", onHint);
  name.addEventListener("keydown", onNameKey);
  get.addEventListener("click", sendCode);

  const show = () => {
    // Emptied first, so a verdict the same as the last one is said again.
    verdict.textContent = "";
    verdict.dataset.kind = model.get("verdict_kind") || "";
    requestAnimationFrame(() => { verdict.textContent = model.get("verdict") || ""; });
    done.hidden = !model.get("solved");
  };
  const showCode = () => {
    codeMessage.textContent = model.get("code_message") || "";
    code.value = model.get("code") || "";
    codeRow.hidden = !code.value;
  };
  model.on("change:said", show);
  model.on("change:solved", show);
  model.on("change:code", showCode);
  model.on("change:code_message", showCode);
  verdict.dataset.kind = model.get("verdict_kind") || "";
  verdict.textContent = model.get("verdict") || "";
  done.hidden = !model.get("solved");
  showCode();

  return () => {
    field.removeEventListener("keydown", onFieldKey);
    check.removeEventListener("click", sendCheck);
    hint.removeEventListener("click", onHint);
    name.removeEventListener("keydown", onNameKey);
    get.removeEventListener("click", sendCode);
    model.off("change:said", show);
    model.off("change:solved", show);
    model.off("change:code", showCode);
    model.off("change:code_message", showCode);
  };
}

export default { render };
