import { Module } from '@nestjs/common';

/**
 * Personal-data rights (個資法 art. 3, issue 22 §4): 下載我的資料, 刪除帳號 with anonymised orders, the staff log.
 * (Issue 22 contract stub: its owner fills it in.)
 */
@Module({
  imports: [],
  controllers: [],
  providers: [],
  exports: [],
})
export class PrivacyModule {}
