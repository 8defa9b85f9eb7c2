/** The library's filters (issue 17 §1): null means "any". */
export type TDesignFilters = {
  productTypeId: string | null;
  metalTypeId: string | null;
  tag: string | null;
};
