import { secureCookie } from '../../lib/sessions';
import {
  getChild,
  getChildren,
  getChildrenExistence,
  getChildUser,
  getRecognition,
  guardianMessages,
  postChild,
  postChildImage,
  deleteChildPickupPerson,
  getChildPickupPersons,
  getChildPickupCodes,
  postChildPickupCode,
  deleteChildPickupCode,
  postChildPickupPerson,
  pickupMessages,
  postChildrenSession,
  postRecognition,
  putChild,
} from '@renraku/contract';
import type { AppContext } from '../../context';
import { hotRoute, route, type App } from '../../lib/route';
import { readImageUpload, readUploadForm, withMultipart } from '../../lib/upload';
import { childrenDevFixtures } from './dev-fixtures';
import { authorizeChild } from '../access';
import { CHILD_REGISTRATION_COOKIE, registrationSignature } from './registration';
import * as service from './service';
import { cancelPickupCode, issuePickupCode, listPickupCodes } from './pickup-codes';
import { listPickupPersonsForGuardian, parseProposal, proposePickupPerson, withdrawPickupProposal } from './pickup';

export function childrenRoutes(app: App, ctx: AppContext) {
  hotRoute(app, getChildren, async ({ caller }) => service.listChildrenOfCaller(ctx, caller));
  route(app, getChildrenExistence, {}, async ({ viewer }) => service.listExistence(ctx, viewer));

  route(app, postChildrenSession, { auth: false }, async ({ body, now, req, reply }) => {
    await service.checkRegistrationToken(ctx, body.company, body.token, now);
    // Remembers the registration URL for the visitor until they have logged in (a signed, HttpOnly cookie, one day).
    const value = `${body.company}.${body.token}`;
    reply.setCookie(CHILD_REGISTRATION_COOKIE, `${value}.${registrationSignature(ctx, value)}`, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookie(req),
      maxAge: 24 * 60 * 60,
    });
    return { message: guardianMessages.childRegistrationSession };
  });

  route(app, postChild, {}, async ({ user, body, now, reply }) => {
    const result = await service.registerChild(ctx, user.id, body, now);
    reply.clearCookie(CHILD_REGISTRATION_COOKIE, { path: '/' });
    return result;
  });

  route(app, getRecognition, {}, async ({ viewer, params }) => service.getRecognition(ctx, viewer, params.id));
  route(app, postRecognition, {}, async ({ viewer, body, now }) =>
    service.answerRecognition(ctx, viewer, body.childId, body.activate, now),
  );

  route(app, getChild, {}, async ({ viewer, params }) => service.getChildDetail(ctx, viewer, params.id));
  route(app, putChild, {}, async ({ viewer, params, body }) => service.updateChildName(ctx, viewer, params.id, body));
  route(app, getChildUser, {}, async ({ viewer, params }) => service.getChildUser(ctx, viewer, params.childId, params.userId));

  // お迎え登録者 (docs/decisions/children-pickup-proposals.md): every guardian reads, the main guardian proposes.
  route(app, getChildPickupPersons, {}, async ({ viewer, params }) => listPickupPersonsForGuardian(ctx, viewer, params.childId));
  route(app, deleteChildPickupPerson, {}, async ({ viewer, params }) =>
    withdrawPickupProposal(ctx, viewer, params.childId, params.pickupPersonId),
  );

  route(app, getChildPickupCodes, {}, async ({ viewer, params, now }) => listPickupCodes(ctx, viewer, params.childId, now));
  route(app, postChildPickupCode, {}, async ({ viewer, params, body, now }) =>
    issuePickupCode(ctx, viewer, params.childId, body.name, now),
  );
  route(app, deleteChildPickupCode, {}, async ({ viewer, params, now }) =>
    cancelPickupCode(ctx, viewer, params.childId, params.codeId, now),
  );

  childrenDevFixtures(app, ctx);

  app.register(async (scope) => {
    await withMultipart(scope);
    route(scope, postChildImage, {}, async ({ viewer, params, req }) => {
      // Authorize before reading the body: a stranger's upload is refused without storing anything.
      await authorizeChild(ctx, viewer, params.childId, 'write');
      const { bytes } = await readImageUpload(req);
      return service.uploadChildImage(ctx, viewer, params.childId, bytes);
    });
    route(scope, postChildPickupPerson, {}, async ({ viewer, params, req }) => {
      await authorizeChild(ctx, viewer, params.childId, 'manage', { forbidden: pickupMessages.mainOnly });
      const { fields, bytes } = await readUploadForm(req);
      return proposePickupPerson(ctx, viewer, params.childId, parseProposal(fields), bytes);
    });
  });
}
