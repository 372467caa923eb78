// A listing table (tasks, sessions or tools): pages from the API, sortable columns, and a filter box served by the listing's prefix=.
// @ts-check
import { encode, get } from "./api.js";
import { byId, el, fill, table } from "./dom.js";

/** @typedef {string | number | boolean | null} SortValue */
/**
 * A column of a listing: a table column with the key it sorts by, and its sort value when that is not the item's field of that key.
 * @template Item
 * @typedef {import("./dom.js").Column<Item> & { key: string, header: string, sortValue?: (item: Item) => SortValue }} ListingColumn
 */

const PAGE = 100;
const FILTER_DELAY_MS = 250;
/** The characters an id may have: a filter with any other matches nothing, so it is not sent. */
const ID_CHARACTERS = /^[A-Za-z0-9._:-]*$/;

/** Set by main.js: how a failed load is shown (a 401 asks for the key again). */
export const onLoadFailure = {
  /** @param {unknown} error */
  handle: (error) => console.error(error),
};

/**
 * One listing view. `columns` are { key, header, className, cell, sortValue? }; the listing is
 * `GET path` answering `{ [field]: [...], next_cursor }`. `enrich` adds to each item listed what the table
 * shows beyond its fields (so a listed item is a row already, the added fields optional).
 * @template {string} Field
 * @template {object} Item
 * @template {Item} [Listed=Item]
 * @param {{
 *   path: string,
 *   field: Field,
 *   label: string,
 *   tableId: string,
 *   moreId: string,
 *   filterId: string,
 *   columns: ListingColumn<Item>[],
 *   sort: { key: string, descending: boolean, idKey: string },
 *   nothing: string,
 *   page?: number,
 *   enrich?: (items: Listed[]) => Promise<Item[]>,
 * }} options
 * @returns {{ render: (options?: { more?: boolean }) => Promise<void> }}
 */
export function createListing({ path, field, label, tableId, moreId, filterId, columns, sort, nothing, page: pageSize = PAGE, enrich = async (items) => items }) {
  /** @type {{ items: Item[], cursor: string | null, sort: { key: string, descending: boolean }, prefix: string }} */
  const state = { items: [], cursor: null, sort: { ...sort }, prefix: "" };
  let latest = 0;

  /**
   * What an item sorts by in a column: its sort value, else its field of the column's key (in the API's
   * types, the fields sorted by are texts, numbers, booleans or null; one it lacks sorts as null).
   * @param {Item} item
   * @param {string} key
   * @returns {SortValue}
   */
  const valueOf = (item, key) => columns.find((column) => column.key === key)?.sortValue?.(item) ?? /** @type {Record<string, SortValue>} */ (item)[key] ?? null;

  function sorted() {
    const { key, descending } = state.sort;
    return [...state.items].sort((a, b) => {
      const [x, y] = [valueOf(a, key), valueOf(b, key)];
      const order = x === y ? 0 : x === null ? 1 : y === null ? -1 : x < y ? -1 : 1;
      return descending ? -order : order;
    });
  }

  /**
   * A header cell whose button sorts by its column; aria-sort tells assistive technology the order.
   * @param {ListingColumn<Item>} column
   */
  function header(column) {
    const active = state.sort.key === column.key;
    const toggle = () => {
      // Ids sort A to Z first, everything else largest (or latest) first.
      state.sort = { key: column.key, descending: active ? !state.sort.descending : column.key !== sort.idKey };
      draw();
      const button = byId(tableId).querySelector(`th[data-key="${column.key}"] button`);
      if (button instanceof HTMLElement) button.focus();
    };
    return el("th", { scope: "col", "data-key": column.key, "aria-sort": active ? (state.sort.descending ? "descending" : "ascending") : "none" }, el("button", { type: "button", onclick: toggle }, column.header, active ? (state.sort.descending ? " ▼" : " ▲") : ""));
  }

  /** @param {string} [empty] what the table says when it lists nothing */
  function draw(empty = state.prefix ? `No ${label.toLowerCase()} start with “${state.prefix}”.` : nothing) {
    table(byId(tableId, HTMLTableElement), columns.map((column) => ({ ...column, header: header(column) })), sorted(), label, empty);
    byId(moreId).hidden = state.cursor === null;
  }

  /**
   * Loads the first page again (or the next one with more) and draws the table.
   * @param {{ more?: boolean }} [options]
   * @returns {Promise<void>}
   */
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
    /** @type {Record<Field, Listed[]> & { next_cursor?: string | null }} */
    const page = await get(`${path}?${query}`);
    const items = await enrich(page[field]);
    if (request !== latest) return;
    state.items = more ? [...state.items, ...items] : items;
    state.cursor = page.next_cursor ?? null;
    draw();
  }

  /** @type {number | undefined} */
  let pending;
  const filter = byId(filterId, HTMLInputElement);
  filter.addEventListener("input", () => {
    clearTimeout(pending);
    pending = setTimeout(() => {
      state.prefix = filter.value.trim();
      render().catch((error) => onLoadFailure.handle(error));
    }, FILTER_DELAY_MS);
  });
  byId(moreId).addEventListener("click", () => render({ more: true }).catch((error) => onLoadFailure.handle(error)));
  fill(byId(tableId));
  return { render };
}
