import { describeRepositoryContract } from './repository-contract.js';

describeRepositoryContract('postgres-wire');
