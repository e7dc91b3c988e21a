import { createSlice } from '@reduxjs/toolkit';

/** Navbar cart dropdown opened by code (after adding to the cart), not persisted. */
export const cartDropdownSlice = createSlice({
  name: 'cartDropdown',
  initialState: { pinnedAt: 0 },
  reducers: {
    /** Opens the dropdown; the navbar closes it again after CART_DROPDOWN_MS. */
    pinCartDropdown: {
      reducer(state, action: { payload: number }) {
        state.pinnedAt = action.payload;
      },
      prepare: () => ({ payload: Date.now() }),
    },
    unpinCartDropdown(state) {
      state.pinnedAt = 0;
    },
  },
  selectors: { selectCartDropdownPinnedAt: (s) => s.pinnedAt },
});

export const CART_DROPDOWN_MS = 2000;
export const { pinCartDropdown, unpinCartDropdown } = cartDropdownSlice.actions;
export const { selectCartDropdownPinnedAt } = cartDropdownSlice.selectors;
