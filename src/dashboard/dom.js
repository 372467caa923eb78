// Builds DOM nodes from data. Agents write every string shown here, so text only ever becomes text nodes, never HTML.
// @ts-check

/** @typedef {Node | string | number | false | null | undefined} Leaf */
/**
 * What a node's children may be given as: nodes, text and numbers (shown as text), in lists nested up to three deep; false, null and undefined are left out.
 * @typedef {Leaf | Array<Leaf | Array<Leaf | Array<Leaf>>>} Child
 */

/**
 * An element's attributes: a value becomes its text (true an empty attribute; false, null and undefined none); an `on…` name takes a listener.
 * @typedef {Record<string, string | number | boolean | null | undefined | EventListener>} Attributes
 */

/**
 * A column of a table: its header (text, or a th of its own), the class of its cells, and what a row shows in it.
 * @template Row
 * @typedef {{ header: string | Node, className?: string, cell: (row: Row) => Child }} Column
 */

/**
 * The element of the page with this id, checked to be a `type` when given. A missing one is a mistake in
 * index.html, not a state of the data: it throws rather than answering null.
 * @template {HTMLElement} [T=HTMLElement]
 * @param {string} id
 * @param {{ new (): T, prototype: T }} [type]
 * @returns {T}
 */
export function byId(id, type) {
  const node = document.getElementById(id);
  if (node === null) throw new Error(`The page has no #${id}`);
  if (type && !(node instanceof type)) throw new Error(`#${id} is a <${node.localName}>, not the element expected`);
  return /** @type {T} */ (node);
}

/**
 * An element with attributes and children; strings and numbers become text nodes.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attributes} [attributes]
 * @param {...Child} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (name.startsWith("on")) {
      // A handler only ever becomes a listener, never an inline attribute.
      if (typeof value === "function") node.addEventListener(name.slice(2), value);
    } else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/**
 * A card of the view's headline numbers: the value, what it counts, and a detail line if any.
 * @param {string} label
 * @param {string | number} value
 * @param {string} [detail]
 * @param {string} [name] its data-card attribute, for tests to find it by
 */
export function card(label, value, detail, name) {
  return el("div", { class: "card", "data-card": name }, el("span", { class: "card-value" }, value), el("span", { class: "card-label" }, label), detail ? el("span", { class: "card-detail" }, detail) : null);
}

/**
 * A link to a tool's view, its name as code.
 * @param {string} name
 */
export const toolLink = (name) => el("a", { href: `#/tools/${encodeURIComponent(name)}` }, el("code", {}, name));

/**
 * Replaces a node's children.
 * @template {Element} N
 * @param {N} node
 * @param {...Child} children
 * @returns {N}
 */
export function fill(node, ...children) {
  node.replaceChildren();
  for (const child of children.flat(Infinity)) if (child !== null && child !== undefined && child !== false) node.append(child instanceof Node ? child : String(child));
  return node;
}

/** @param {number} rate a share, 0 to 1 */
export const percent = (rate) => `${Math.round(rate * 1000) / 10}%`;

/**
 * "12 ms", "1.4 s": an execution time as people read it; the service reports 100 s for anything slower.
 * @param {number} ms
 */
export const milliseconds = (ms) => (ms < 1000 ? `${Math.round(ms * 10) / 10} ms` : ms >= 100_000 ? "≥ 100 s" : `${Math.round(ms / 100) / 10} s`);

/**
 * "3 min ago" style, for times within a few days; the full time is in the title.
 * @param {string} iso
 */
export function ago(iso) {
  const seconds = Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 1000));
  const text = seconds < 60 ? `${seconds}s ago` : seconds < 3600 ? `${Math.floor(seconds / 60)} min ago` : seconds < 86400 ? `${Math.floor(seconds / 3600)} h ago` : `${Math.floor(seconds / 86400)} d ago`;
  return el("time", { datetime: iso, title: iso }, text);
}

/**
 * A table with a header row and one row per item; a column's header is its text, or a th of its own.
 * @template Row
 * @param {HTMLTableElement} node
 * @param {Column<Row>[]} columns
 * @param {readonly Row[]} rows
 * @param {string} label
 * @param {string} [empty] what the body says when there is no row
 */
export function table(node, columns, rows, label, empty = "Nothing yet.") {
  node.setAttribute("aria-label", label);
  fill(
    node,
    el("thead", {}, el("tr", {}, columns.map((column) => (column.header instanceof Node ? column.header : el("th", { scope: "col" }, column.header))))),
    el("tbody", {}, rows.length === 0 ? el("tr", {}, el("td", { colspan: columns.length }, empty)) : rows.map((row) => el("tr", {}, columns.map((column) => el("td", { class: column.className }, column.cell(row)))))),
  );
}
