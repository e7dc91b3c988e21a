/** Texts of the image library's answers (spec 3 §8 where it has them). */
export const IMAGE_MSG = {
  /** Spec 3 §5: the oversized file names follow. */
  tooLarge: '以下檔案超過大小限制',
  notImage: '以下檔案不是有效的圖片（僅接受 JPEG、PNG、WebP、GIF）',
  noFiles: '請選擇要上傳的圖片',
  tooMany: (max: number) => `一次最多上傳 ${max} 個檔案`,
  uploaded: (n: number) => `已上傳 ${n} 個檔案`,
  deleted: '已刪除',
  notFound: '找不到圖片',
  inUse: '圖片使用中，無法刪除',
  badFolder: '資料夾名稱最多 50 字，且不可包含 / 或 \\',
  uploadFailed: '上傳失敗',
} as const;
