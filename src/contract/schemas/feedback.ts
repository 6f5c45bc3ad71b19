import * as z from 'zod';
import { lazily } from '../lazily.js';
import { publicText } from '../public-text.js';
import { dateString, oneOf, optionalString, requiredString, uuidString } from '../validation.js';
import { commonSchemas } from './common.js';

export const SENTIMENTS = ['positive', 'neutral', 'negative'] as const;

export const FOCUSES = ['usability', 'functionality', 'value'] as const;

/** Built on first use: a command builds the schemas of the resources it calls only. */
export const feedbackSchemas = lazily(() => {
  const { Timestamp } = commonSchemas();

  const FeedbackSchema = z.looseObject({
    id: z.string(),
    type: z.string(),
    feedback: publicText(z.string()),
    user_id: z.string().nullable(),
    /** Where the entry came from and through which widget (the reference server always sends both). */
    source: z.string().nullish(),
    widget_id: z.string().nullish(),
    created_at: Timestamp,
    updated_at: Timestamp,
  });

  const FeedbackCreateBodySchema = z.object({
    type: requiredString('type', { max: 255 }),
    feedback: requiredString('feedback', { max: 10000 }),
    user_id: z.string({ error: 'The user id field must be a string.' }).nullish(),
  });

  const FeedbackUpdateBodySchema = z.object({
    feedback: requiredString('feedback', { max: 10000 }),
  });

  const FeedbackSummarizeBodySchema = z.object({
    sentiment: oneOf('sentiment', SENTIMENTS).optional(),
    focus: oneOf('focus', FOCUSES).optional(),
    source: optionalString('source', { max: 255 }),
    widget: uuidString('widget').nullish(),
    created_from: dateString('created_from').nullish(),
    created_to: dateString('created_to').nullish(),
    keyword: optionalString('keyword', { max: 255 }),
  });

  const FeedbackSummarySchema = z.looseObject({
    summary: publicText(z.string()),
    total: z.number().int(),
    by_type: z.record(z.string(), z.number().int()),
    sentiment: z.looseObject({ positive: z.number().int(), neutral: z.number().int(), negative: z.number().int() }),
    focus: z.looseObject({ usability: z.number().int(), functionality: z.number().int(), value: z.number().int() }),
    top_phrases: z.array(z.looseObject({ phrase: publicText(z.string()), count: z.number().int() })),
    filters: z.record(z.string(), z.unknown()),
  });

  return {
    FeedbackSchema,
    FeedbackCreateBodySchema,
    FeedbackUpdateBodySchema,
    FeedbackSummarizeBodySchema,
    FeedbackSummarySchema,
  };
});

type FeedbackSchemas = ReturnType<typeof feedbackSchemas>;

export type Feedback = z.infer<FeedbackSchemas['FeedbackSchema']>;
export type FeedbackSummary = z.infer<FeedbackSchemas['FeedbackSummarySchema']>;
export type FeedbackSummarizeBody = z.infer<FeedbackSchemas['FeedbackSummarizeBodySchema']>;
