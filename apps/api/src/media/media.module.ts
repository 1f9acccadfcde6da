import { Global, Module } from '@nestjs/common';
import { MediaStore } from './media-store.js';

/** Uploaded images, for every feature that has them. */
@Global()
@Module({ providers: [MediaStore], exports: [MediaStore] })
export class MediaModule {}
