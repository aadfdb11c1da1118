import {
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLSchema,
  GraphQLString,
} from 'graphql';
import { obtainWithApiKey, obtainWithRefreshToken, type ServiceToken } from './service-token.js';
import { TokenRequestError } from './token-request-error.js';
import { TOKEN_LIFETIME_SECONDS } from './token-settings.js';

/** Output-only JSON scalar: the token's decoded claims. */
const JsonScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'Any JSON value (here: the decoded claims of the token).',
  serialize: (value) => value,
  parseValue: (value) => value,
});

const ObtainServiceTokenInput = new GraphQLInputObjectType({
  name: 'ObtainServiceTokenInput',
  description: 'Exactly one of APIKey and refreshToken.',
  isOneOf: true,
  fields: {
    APIKey: { type: GraphQLString, description: 'The organisation API key issued by the operator.' },
    refreshToken: { type: GraphQLString, description: 'A refresh token from an earlier call (single use).' },
  },
});

const ObtainServiceToken = new GraphQLObjectType<ServiceToken>({
  name: 'ObtainServiceToken',
  fields: {
    token: {
      type: new GraphQLNonNull(GraphQLString),
      description: 'Send as `Authorization: Token <token>`.',
    },
    payload: { type: new GraphQLNonNull(JsonScalar), description: 'The decoded claims of the token.' },
    refreshToken: { type: GraphQLString, description: 'Single-use refresh token, valid 7 days.' },
    refreshExpiresIn: { type: GraphQLInt, description: 'When the refresh token expires (Unix time).' },
  },
});

interface ObtainArgs {
  input: { APIKey?: string | null; refreshToken?: string | null };
}

export const tokenSchema = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: 'Query',
    fields: {
      tokenLifetime: {
        type: new GraphQLNonNull(GraphQLInt),
        description: 'Lifetime of a service token, in seconds.',
        resolve: () => TOKEN_LIFETIME_SECONDS,
      },
    },
  }),
  mutation: new GraphQLObjectType({
    name: 'Mutation',
    fields: {
      obtainServiceToken: {
        type: ObtainServiceToken,
        args: { input: { type: new GraphQLNonNull(ObtainServiceTokenInput) } },
        resolve: async (_source, { input }: ObtainArgs) => {
          const apiKey = input.APIKey ?? undefined;
          const refreshToken = input.refreshToken ?? undefined;
          if ((apiKey === undefined) === (refreshToken === undefined)) {
            throw new TokenRequestError('invalid_input');
          }
          return apiKey !== undefined ? obtainWithApiKey(apiKey) : obtainWithRefreshToken(refreshToken!);
        },
      },
    },
  }),
});
