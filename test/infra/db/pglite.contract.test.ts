import { describeRepositoryContract } from './repository-contract.js';

describeRepositoryContract('pglite');
