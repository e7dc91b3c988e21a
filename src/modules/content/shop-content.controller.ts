import { Body, Controller, Get, HttpCode, OnModuleInit, Param, ParseIntPipe, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AboutPageAnswer, HtmlPageAnswer, PageImageAnswer, VersionsAnswer } from '../../common/api/content';
import { NotFoundError } from '../../common/errors/app-error';
import { FastReads } from '../../common/http/fast-reads';
import { sendCachedJson } from '../../common/http/send-cached-json';
import { AboutPageDto, HomepageDto, HtmlPageDto, PageImageDto } from './dto/content-load.dto';
import { VersionsDto } from './dto/versions.dto';
import { HomeContentService } from './home-content.service';
import { PageContentService, POSTER_LOAD_FAILED } from './page-content.service';
import { StartupService } from './startup.service';

const posterIdPipe = new ParseIntPipe({ exceptionFactory: () => new NotFoundError(POSTER_LOAD_FAILED) });

@ApiTags('shop: content')
@Controller('load')
export class ShopContentController implements OnModuleInit {
  constructor(
    private readonly startup: StartupService,
    private readonly home: HomeContentService,
    private readonly pages: PageContentService,
    private readonly fast: FastReads,
  ) {}

  /** Cache hits of the home page are answered before the pipeline (same answer, see FastReads). */
  onModuleInit(): void {
    this.fast.postVersions('/api/load/homepage', ['homeVersion', 'homeProductsVersion'], (body) => this.home.peekHomepage(body as HomepageDto));
  }

  @Post('versions')
  @HttpCode(200)
  @ApiOperation({ summary: 'Start-up: cart/settings/poster versions, public settings and poster titles' })
  versions(@Body() dto: VersionsDto): Promise<VersionsAnswer> {
    return this.startup.versionsCheck(dto);
  }

  @Post('homepage')
  @HttpCode(200)
  @ApiOperation({ summary: 'Home: banners, marquees, certificates, html blocks and featured products, omitted when the client versions are current' })
  async homepage(@Body() dto: HomepageDto, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    sendCachedJson(req, reply, await this.home.homepage(dto));
  }

  @Post('aboutpage')
  @HttpCode(200)
  @ApiOperation({ summary: 'About: txthtml001 and aboutImg000 when aboutVersion is stale' })
  aboutpage(@Body() dto: AboutPageDto): Promise<AboutPageAnswer> {
    return this.pages.about(dto);
  }

  @Post('loadhtmlpage')
  @HttpCode(200)
  @ApiOperation({ summary: 'An html content page (productreturns, privacypolicy, termsofservice, partnerinquiry, maskCare, skincareTips, …)' })
  loadHtmlPage(@Body() dto: HtmlPageDto): Promise<HtmlPageAnswer> {
    return this.pages.htmlPage(dto);
  }

  @Post('loadpageimage')
  @HttpCode(200)
  @ApiOperation({ summary: 'A content page image slot (aboutImg000, contactImg000, maskCareImg000, skincareTipsImg000, …)' })
  loadPageImage(@Body() dto: PageImageDto): Promise<PageImageAnswer> {
    return this.pages.pageImage(dto);
  }

  @Get('posterD/:id')
  @ApiOperation({ summary: 'An active poster: title, coverImage, sanitized content, layout and animations' })
  async poster(@Param('id', posterIdPipe) id: number, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    sendCachedJson(req, reply, await this.pages.poster(id));
  }
}
