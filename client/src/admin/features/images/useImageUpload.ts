import { App } from 'antd';
import { useCallback } from 'react';
import type { ImageLibraryItemView } from '@api/images';
import { apiErrorMessage } from '../../../shared/api/baseApi';
import { isImageFile, MSG, oversizedNames, prepareUploads } from './imageFiles';
import { useUploadImagesMutation } from './imagesApi';

/**
 * The upload flow of the library and the picker (spec 3 §5, §8): non-images and files above 8 MB
 * refused here with their names, non-WebP images converted to WebP in the browser, then one call.
 * Resolves to the stored items (empty when refused or failed); the messages are shown here.
 */
export function useImageUpload() {
  const { message } = App.useApp();
  const [send, { isLoading }] = useUploadImagesMutation();

  const upload = useCallback(
    async (picked: File[], folder?: string): Promise<ImageLibraryItemView[]> => {
      if (picked.length === 0) return [];
      const notImages = picked.filter((f) => !isImageFile(f)).map((f) => f.name);
      if (notImages.length) {
        message.error(`${MSG.notImage}：${notImages.join('、')}`);
        return [];
      }
      const big = oversizedNames(picked);
      if (big.length) {
        message.error(`${MSG.tooLarge}：${big.join('、')}`);
        return [];
      }
      const { files, converted } = await prepareUploads(picked);
      try {
        const r = await send({ files, folder: folder?.trim() || undefined }).unwrap();
        if (!r.success) {
          message.error(r.message || MSG.uploadFailed);
          return [];
        }
        const total = converted + (r.converted ?? 0);
        message.success(`${MSG.uploaded(r.items.length)}${total ? `（其中 ${total} 個已轉為 WebP）` : ''}`);
        return r.items;
      } catch (e) {
        message.error(apiErrorMessage(e) ?? MSG.uploadFailed);
        return [];
      }
    },
    [message, send],
  );

  return { upload, uploading: isLoading };
}
