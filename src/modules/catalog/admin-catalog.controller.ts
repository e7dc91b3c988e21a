import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type {
  AdminProductsAnswer,
  AdminProductTypesAnswer,
  CreateProductTypeAnswer,
  SaveProductAnswer,
} from '../../common/api/admin-catalog';
import type { Envelope } from '../../common/api/envelope';
import { AdminRoles, CurrentAdmin, type SessionAdmin } from '../../common/auth/admin-auth';
import { AdminCatalogService } from './admin-catalog.service';
import { AdminProductsPageDto, ProductActiveDto, ProductTypeDto } from './dto/admin-catalog.dto';

/** Back-office catalogue (spec 3 §5, §7): owners and editors write; staff may read the lists. */
@ApiTags('admin: catalogue')
@Controller('admin')
@AdminRoles('owner', 'editor')
export class AdminCatalogController {
  constructor(private readonly catalog: AdminCatalogService) {}

  @Post('productslist')
  @HttpCode(200)
  @AdminRoles('owner', 'editor', 'staff')
  @ApiOperation({ summary: 'Products, newest first: keyword (title or id), category; page 10, at most 100' })
  productslist(@Body() dto: AdminProductsPageDto): Promise<AdminProductsAnswer> {
    return this.catalog.list(dto);
  }

  @Post('createOrUpdateProduct')
  @HttpCode(200)
  @ApiOperation({ summary: 'Create or update a product with media and variants; every rule checked at once' })
  createOrUpdateProduct(@CurrentAdmin() admin: SessionAdmin, @Body() body: Record<string, unknown>): Promise<SaveProductAnswer> {
    return this.catalog.save(admin, body && typeof body === 'object' && !Array.isArray(body) ? body : {});
  }

  @Put('products/isActive')
  @ApiOperation({ summary: 'List or delist a product' })
  setActive(@CurrentAdmin() admin: SessionAdmin, @Body() dto: ProductActiveDto): Promise<Envelope> {
    return this.catalog.setActive(admin, dto);
  }

  @Delete('products/:id')
  @ApiOperation({ summary: 'Delete a product (one ever ordered is delisted and kept instead)' })
  deleteProduct(@CurrentAdmin() admin: SessionAdmin, @Param('id', ParseIntPipe) id: number): Promise<Envelope<{ hidden: boolean }>> {
    return this.catalog.remove(admin, id);
  }

  @Get('loadproducttypes')
  @AdminRoles('owner', 'editor', 'staff')
  @ApiOperation({ summary: 'Every category with its product count' })
  loadproducttypes(): Promise<AdminProductTypesAnswer> {
    return this.catalog.types();
  }

  @Post('product-types')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add a category' })
  createType(@CurrentAdmin() admin: SessionAdmin, @Body() dto: ProductTypeDto): Promise<CreateProductTypeAnswer> {
    return this.catalog.createType(admin, dto);
  }

  @Put('product-types/:id')
  @ApiOperation({ summary: 'Rename or (de)activate a category' })
  updateType(@CurrentAdmin() admin: SessionAdmin, @Param('id', ParseIntPipe) id: number, @Body() dto: ProductTypeDto): Promise<Envelope> {
    return this.catalog.updateType(admin, id, dto);
  }

  @Delete('product-types/:id')
  @ApiOperation({ summary: 'Delete a category without products' })
  deleteType(@CurrentAdmin() admin: SessionAdmin, @Param('id', ParseIntPipe) id: number): Promise<Envelope> {
    return this.catalog.deleteType(admin, id);
  }
}
