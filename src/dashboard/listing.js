// A listing table (tasks, sessions or tools): pages from the API, sortable columns, and a filter box served by the listing's prefix=.
import { encode, get } from "./api.js";
import { el, fill, table } from "./dom.js";

const PAGE = 100;
const FILTER_DELAY_MS = 250;
/** The characters an id may have: a filter with any other matches nothing, so it is not sent. */
const ID_CHARACTERS = /^[A-Za-z0-9._:-]*$/;

/** Set by main.js: how a failed load is shown (a 401 asks for the key again). */
export const onLoadFailure = { handle: (error) => console.error(error) };

/**
 * One listing view. `columns` are { key, header, className, cell, sortValue? }; the listing is
 * `GET path` answering `{ [field]: [...], next_cursor }`.
 */
export function createListing({ path, field, label, tableId, moreId, filterId, columns, sort, nothing, page: pageSize = PAGE, enrich = async (items) => items }) {
  const state = { items: [], cursor: null, sort: { ...sort }, prefix: "" };
  let latest = 0;
  const $ = (id) => document.getElementById(id);

  const valueOf = (item, key) => columns.find((column) => column.key === key)?.sortValue?.(item) ?? item[key];

  function sorted() {
    const { key, descending } = state.sort;
    return [...state.items].sort((a, b) => {
      const [x, y] = [valueOf(a, key), valueOf(b, key)];
      const order = x === y ? 0 : x === null ? 1 : y === null ? -1 : x < y ? -1 : 1;
      return descending ? -order : order;
    });
  }

  /** A header cell whose button sorts by its column; aria-sort tells assistive technology the order. */
  function header(column) {
    const active = state.sort.key === column.key;
    const toggle = () => {
      // Ids sort A to Z first, everything else largest (or latest) first.
      state.sort = { key: column.key, descending: active ? !state.sort.descending : column.key !== sort.idKey };
      draw();
      document.querySelector(`#${tableId} th[data-key="${column.key}"] button`)?.focus();
    };
    return el("th", { scope: "col", "data-key": column.key, "aria-sort": active ? (state.sort.descending ? "descending" : "ascending") : "none" }, el("button", { type: "button", onclick: toggle }, column.header, active ? (state.sort.descending ? " ▼" : " ▲") : ""));
  }

  function draw(empty = state.prefix ? `No ${label.toLowerCase()} start with “${state.prefix}”.` : nothing) {
    table($(tableId), columns.map((column) => ({ ...column, header: header(column) })), sorted(), label, empty);
    $(moreId).hidden = state.cursor === null;
  }

  /** Loads the first page again (or the next one with more) and draws the table. */
  async function render({ more = false } = {}) {
    if (!ID_CHARACTERS.test(state.prefix)) {
      latest += 1;
      state.items = [];
      state.cursor = null;
      return draw("Ids have only letters, digits and . _ : -");
    }
    const query = `limit=${pageSize}${state.prefix ? `&prefix=${encode(state.prefix)}` : ""}${more && state.cursor ? `&cursor=${encode(state.cursor)}` : ""}`;
    // Typing outruns the answers: only the request made last is drawn.
    const request = ++latest;
    const page = await get(`${path}?${query}`);
    const items = await enrich(page[field]);
    if (request !== latest) return;
    state.items = more ? [...state.items, ...items] : items;
    state.cursor = page.next_cursor ?? null;
    draw();
  }

  let pending = null;
  $(filterId).addEventListener("input", (event) => {
    clearTimeout(pending);
    pending = setTimeout(() => {
      state.prefix = event.target.value.trim();
      render().catch((error) => onLoadFailure.handle(error));
    }, FILTER_DELAY_MS);
  });
  $(moreId).addEventListener("click", () => render({ more: true }).catch((error) => onLoadFailure.handle(error)));
  fill($(tableId));
  return { render };
}
