import { useCallback } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { toast } from '../../../app/lazyToast';
import { pinCartDropdown } from './cartDropdownSlice';
import { addItem, type CartItem } from './cartSlice';

/** Adds a line, shows the 5 s success toast and opens the navbar cart dropdown (spec 1 §4). */
export function useAddToCart(): (item: CartItem) => void {
  const dispatch = useAppDispatch();
  return useCallback(
    (item: CartItem) => {
      dispatch(addItem(item));
      dispatch(pinCartDropdown());
      const name = item.variant_name ? `${item.title}（${item.variant_name}）` : item.title;
      toast.success(`已將「${name}」× ${item.quantity} 加入購物車`, 'cart-added');
    },
    [dispatch],
  );
}
