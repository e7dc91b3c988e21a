import { Module } from '@nestjs/common';

/**
 * The member's server cart, the login merge and the cart reminder job (issue 22 §3).
 * (Issue 22 contract stub: its owner fills it in.)
 */
@Module({
  imports: [],
  controllers: [],
  providers: [],
  exports: [],
})
export class MemberCartModule {}
