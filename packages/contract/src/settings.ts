import { z } from 'zod';
import { defineCall } from './common';
import { operatorSchema } from './operator';

export const getConfigConst = defineCall({
  method: 'GET',
  path: '/api/config/const',
  summary: 'Constants the web app loads at start',
  response: z.object({
    relation_types: z.record(z.string(), z.string()),
    head_office_address: z.string(),
    operator: operatorSchema,
  }),
});

export const getHealth = defineCall({
  method: 'GET',
  path: '/api/health',
  summary: 'Liveness and database reachability',
  response: z.object({ status: z.literal('ok') }),
});
