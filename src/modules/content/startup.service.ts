import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { PosterTitle, VersionsAnswer } from '../../common/api/content';
import { ReadCache } from '../../common/cache/read-cache.service';
import { SettingsService } from '../settings/settings.service';
import { ContentVersionsService, VersionKey } from './content-versions.service';
import type { VersionsDto } from './dto/versions.dto';
import { Poster } from './entities/poster.entity';

/** `POST /api/load/versions`: what the client needs at start-up (spec 3 §4). */
@Injectable()
export class StartupService {
  constructor(
    @InjectRepository(Poster) private readonly posters: Repository<Poster>,
    private readonly versions: ContentVersionsService,
    private readonly settings: SettingsService,
    private readonly cache: ReadCache,
  ) {}

  async versionsCheck(dto: VersionsDto): Promise<VersionsAnswer> {
    const [v, Settings, PosterTitles] = await Promise.all([
      this.versions.get([VersionKey.cart, VersionKey.settings, VersionKey.posters]),
      this.settings.publicSettings(),
      this.posterTitles(),
    ]);
    return {
      success: true,
      // A client that never stored a cart version has nothing stale to clear.
      isClearCart: Boolean(dto.cartVersion) && dto.cartVersion !== v.cartVersion,
      cartVersion: v.cartVersion,
      Settings,
      settingsVersion: v.settingsVersion,
      PosterTitles,
      postersVersion: v.postersVersion,
      message: '',
    };
  }

  private posterTitles(): Promise<PosterTitle[]> {
    return this.cache.getOrLoad('posters:titles', async () => {
      const rows = await this.posters.find({ where: { is_active: 1 }, order: { id: 'ASC' }, select: { id: true, title: true } });
      return rows.map(({ id, title }) => ({ id, title }));
    });
  }
}
