import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { ReadCache } from '../../common/cache/read-cache.service';
import { SETTINGS_CACHE } from './settings.service';

/** Drops every cached settings answer (here and in every other process) after `settings.changed`. */
@Injectable()
export class SettingsCacheSubscriber {
  constructor(private readonly cache: ReadCache) {}

  @OnEvent('settings.changed')
  settingsChanged(): Promise<void> {
    return this.cache.invalidate(SETTINGS_CACHE);
  }
}
