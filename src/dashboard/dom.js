// Builds DOM nodes from data. Agents write every string shown here, so text only ever becomes text nodes, never HTML.

/** An element with attributes and children; strings and numbers become text nodes. */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** A card of the view's headline numbers: the value, what it counts, and a detail line if any. */
export function card(label, value, detail, name) {
  return el("div", { class: "card", "data-card": name }, el("span", { class: "card-value" }, value), el("span", { class: "card-label" }, label), detail ? el("span", { class: "card-detail" }, detail) : null);
}

/** A link to a tool's view, its name as code. */
export const toolLink = (name) => el("a", { href: `#/tools/${encodeURIComponent(name)}` }, el("code", {}, name));

/** Replaces a node's children. */
export function fill(node, ...children) {
  node.replaceChildren();
  for (const child of children.flat(Infinity)) if (child !== null && child !== undefined) node.append(child instanceof Node ? child : String(child));
  return node;
}

export const percent = (rate) => `${Math.round(rate * 1000) / 10}%`;

/** "12 ms", "1.4 s": an execution time as people read it; the service reports 100 s for anything slower. */
export const milliseconds = (ms) => (ms < 1000 ? `${Math.round(ms * 10) / 10} ms` : ms >= 100_000 ? "≥ 100 s" : `${Math.round(ms / 100) / 10} s`);

/** "3 min ago" style, for times within a few days; the full time is in the title. */
export function ago(iso) {
  const seconds = Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 1000));
  const text = seconds < 60 ? `${seconds}s ago` : seconds < 3600 ? `${Math.floor(seconds / 60)} min ago` : seconds < 86400 ? `${Math.floor(seconds / 3600)} h ago` : `${Math.floor(seconds / 86400)} d ago`;
  return el("time", { datetime: iso, title: iso }, text);
}

/** A table with a header row and one row per item; a column's header is its text, or a th of its own. */
export function table(node, columns, rows, label, empty = "Nothing yet.") {
  node.setAttribute("aria-label", label);
  fill(
    node,
    el("thead", {}, el("tr", {}, columns.map((column) => (column.header instanceof Node ? column.header : el("th", { scope: "col" }, column.header))))),
    el("tbody", {}, rows.length === 0 ? el("tr", {}, el("td", { colspan: columns.length }, empty)) : rows.map((row) => el("tr", {}, columns.map((column) => el("td", { class: column.className }, column.cell(row)))))),
  );
}
