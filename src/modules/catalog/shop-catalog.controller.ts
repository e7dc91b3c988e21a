import { Body, Controller, Get, HttpCode, OnModuleInit, Param, ParseIntPipe, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../common/errors/app-error';
import { FastReads } from '../../common/http/fast-reads';
import { sendCachedJson } from '../../common/http/send-cached-json';
import { CatalogService, PRODUCT_NOT_FOUND } from './catalog.service';
import { ProductDetailsDto } from './dto/product-details.dto';

const idPipe = new ParseIntPipe({ exceptionFactory: () => new AppError(PRODUCT_NOT_FOUND, 404) });

@ApiTags('shop: catalogue')
@Controller('load')
export class ShopCatalogController implements OnModuleInit {
  constructor(
    private readonly catalog: CatalogService,
    private readonly fast: FastReads,
  ) {}

  /** Cache hits of the two hot reads are answered before the pipeline (same answer, see FastReads). */
  onModuleInit(): void {
    this.fast.get('/api/load/loadProducts', () => this.catalog.peekProducts());
    this.fast.getById('/api/load/productD/', (id) => this.catalog.peekProductPage(id));
  }

  @Get('loadProducts')
  @ApiOperation({ summary: 'Listed products with price ranges, and the product types' })
  async loadProducts(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    sendCachedJson(req, reply, await this.catalog.loadProducts());
  }

  @Post('productDetails')
  @HttpCode(200)
  @ApiOperation({ summary: 'Product popup: product fields, Variants and pMedias (counts a view)' })
  async productDetails(@Body() dto: ProductDetailsDto, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    sendCachedJson(req, reply, await this.catalog.productDetails(dto.product_id));
  }

  @Get('productD/:id')
  @ApiOperation({ summary: 'Product page: pDetails and pMedias (counts a view)' })
  async productPage(@Param('id', idPipe) id: number, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    sendCachedJson(req, reply, await this.catalog.productPage(id));
  }
}
