import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { notEnabledEndpoints } from '@hotline/contract';
import { createContext, type AppBase, type AppContext } from './context';
import { registerAccess } from './http/access';
import { registerConsoleFiles } from './http/console-files';
import { clientError, frameworkError, registerErrorHandling } from './http/error-handler';
import { registerThrottles } from './http/throttle';
import { registerSecurityHeaders } from './http/security-headers';
import { registerIdempotency } from './modules/idempotency/idempotency.hooks';
import { API_PREFIX, registerNotEnabled } from './http/route';
import { serializerCompiler } from './http/serialization';
import { requestLogSerializers } from './http/log-redact';
import { registerTextGuard, validatorCompiler } from './http/validation';
import { roleRoutes } from './modules/roles/role.routes';
import { adminUserRoutes } from './modules/admin-users/admin-users.routes';
import { adminOrgRoutes } from './modules/admin-org/admin-org.routes';
import { adminSettingsRoutes } from './modules/admin-settings/admin-settings.routes';
import { workCalendarRoutes } from './modules/work-calendar/calendar.routes';
import { startDeadlineScheduler } from './modules/deadlines/deadline-scheduler';
import { authRoutes } from './modules/auth/auth.routes';
import { authenticate } from './modules/auth/session.service';
import { userRoutes } from './modules/users/user.routes';
import { configRoutes } from './modules/config/config.routes';
import { menuRoutes } from './modules/menu/menu.routes';
import { miscRoutes } from './modules/misc/misc.routes';
import { intakeRoutes } from './modules/intake/intake.routes';
import { exportRoutes } from './modules/exports/export.routes';
import { ExportGate } from './modules/exports/export-gate';
import { fileRoutes } from './modules/files/file.routes';
import { reportRoutes } from './modules/report/report.routes';
import { statsRoutes } from './modules/stats/stats.routes';
import { createPushChannel } from './modules/push/index';
import { workOrderRoutes } from './modules/work-orders/work-orders.routes';
import { callRoutes } from './modules/calls/call.routes';
import { healthRoutes } from './modules/health/health.routes';
import { phraseRoutes } from './modules/phrases/phrase.routes';
import { listViewRoutes } from './modules/list-views/list-views.routes';
import { registerMetrics } from './modules/metrics/index';
import { open311Routes, OPEN311_PREFIX } from './modules/open311/index';
import { trackRoutes } from './modules/track/index';
import { citizenSmsAfterCommit } from './modules/citizen-sms/index';

export interface AppOptions {
  /** Folder of the built console; served at / when it exists. */
  webDist?: string | undefined;
  /** `stream`: where the log lines go instead of stdout (a test reads them). */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
  /** Sees every route as it is registered (the endpoint catalogue test lists them). */
  onRoute?: (route: RouteOptions) => void;
}

/** A built node: the HTTP application and the one context its modules share. */
export interface AppNode {
  app: FastifyInstance;
  ctx: AppContext;
  /** The node's XLSX export budget (tests take slots from it to fill it). */
  exportGate: ExportGate;
}

/**
 * The HTTP application: plugins, then one module per feature under /api. The node's context
 * is made here, once: the base parts plus the push channel's port and after-commit hook.
 */
export async function buildApp(base: AppBase, options: AppOptions = {}): Promise<AppNode> {
  const app = Fastify({
    logger:
      options.logger === undefined || options.logger === false
        ? false
        : {
            ...(options.logger === true ? { level: 'info' } : options.logger),
            serializers: requestLogSerializers,
          },
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    trustProxy: base.settings.trustProxy,
    frameworkErrors: frameworkError,
    clientErrorHandler: clientError,
  });
  const push = createPushChannel(base, app.log);
  // After an action commits: the push channel, then the citizen's text message (if any).
  const citizenSms = citizenSmsAfterCommit(
    () => ctx,
    (err) => app.log.error({ err }, 'citizen text message failed'),
  );
  const ctx: AppContext = createContext(base, {
    push: push.port,
    afterCommit: async (outcome) => {
      await push.afterCommit(outcome);
      await citizenSms(outcome);
    },
  });
  const exportGate = new ExportGate(base.settings.xlsxExports);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerAccess(app, (token) => authenticate(ctx, token));
  registerTextGuard(app);
  await registerThrottles(app, base.settings);
  registerIdempotency(app, ctx);
  registerMetrics(app, ctx, push.connections);
  await registerSecurityHeaders(app);
  await app.register(formbody);

  await app.register(swagger, {
    openapi: {
      info: {
        title: '12345 hotline work-order API',
        description: 'Every reply is the envelope {code, msg, data}; see docs/api.md.',
        version: '0.1.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: `${API_PREFIX}/docs`,
    uiConfig: { docExpansion: 'list' },
    // The document's page has its own policy over the console's: the plugin's, with the inline
    // styles Swagger UI writes allowed, never framed, and no upgrade to https (the node may
    // speak plain HTTP behind its proxy).
    staticCSP: true,
    transformStaticCSP: (header) =>
      header
        .replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'")
        .replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'")
        .replace(/\s*upgrade-insecure-requests;?/, ''),
  });

  await push.register(app, ctx);

  await app.register(
    async (api) => {
      await api.register(authRoutes(ctx));
      await api.register(userRoutes(ctx));
      await api.register(configRoutes(ctx));
      await api.register(menuRoutes(ctx));
      await api.register(roleRoutes(ctx));
      await api.register(miscRoutes(ctx));
      registerNotEnabled(api, Object.values(notEnabledEndpoints));
      await api.register(intakeRoutes(ctx));
      await api.register(fileRoutes(ctx));
      await api.register(workOrderRoutes(ctx));
      await api.register(exportRoutes(ctx, exportGate));
      await api.register(statsRoutes(ctx));
      await api.register(reportRoutes(ctx));
      await api.register(callRoutes(ctx));
      await api.register(adminUserRoutes(ctx));
      await api.register(adminOrgRoutes(ctx));
      await api.register(adminSettingsRoutes(ctx));
      await api.register(workCalendarRoutes(ctx));
      await api.register(phraseRoutes(ctx));
      await api.register(listViewRoutes(ctx));
      await api.register(trackRoutes(ctx));
      // Probed every second or two by load balancers and orchestrators: their requests are
      // not logged (warnings and errors still are), or they would bury everything else.
      await api.register(healthRoutes(ctx), { logLevel: 'warn' });
    },
    { prefix: API_PREFIX },
  );
  // Open311 GeoReport v2: the standard's own paths and shapes, outside /api (docs/api.md).
  await app.register(open311Routes(ctx), { prefix: OPEN311_PREFIX });

  if (options.webDist && existsSync(join(options.webDist, 'index.html'))) {
    await registerConsoleFiles(app, options.webDist);
  }
  // Reminders and escalation (issue 21): every node sweeps the due-job table on its timer.
  const deadlines = startDeadlineScheduler(
    ctx,
    {
      intervalMs: base.settings.deadlineSweepMs,
      batch: base.settings.deadlineSweepBatch,
      maxBatches: 10,
    },
    app.log,
  );
  app.addHook('onClose', deadlines.stop);
  return { app, ctx, exportGate };
}
