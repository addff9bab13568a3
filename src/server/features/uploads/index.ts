/** Logo uploads: the files themselves (public), the upload links (employees) and their cleanup. */
import type { FastifyInstance } from 'fastify';
import type { FeatureContext } from '../../context.js';
import { createUploadCleanup } from './cleanup.js';
import { uploadFileRoutes, uploadRoutes } from './routes.js';

export { createUploadService, isPdf, type UploadService } from './service.js';
export { acceptImageBodies } from './routes.js';
export { MAX_LOGO_BYTES as MAX_IMAGE_BYTES } from './images.js';

export async function register(app: FastifyInstance, ctx: FeatureContext): Promise<void> {
  const { uploads, storage } = ctx.services;
  await app.register(uploadFileRoutes, { uploads });
  ctx.jobs.add('upload cleanup', createUploadCleanup({ db: ctx.db, storage, log: ctx.log }));
  await ctx.employeeOnly(uploadRoutes, { uploads });
}
