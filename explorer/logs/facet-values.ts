// The view's facets as the facet panel last read them, for the search box's suggestions (search-suggest.ts): one read
// of the facets serves both, rather than a second request per keystroke.
import { createStore, useStore } from 'zustand';
import type { LogFacets } from '../api.ts';

export const facetValues = createStore<{ facets: LogFacets | undefined }>()(() => ({ facets: undefined }));

export const useFacetValues = () => useStore(facetValues, (state) => state.facets);
