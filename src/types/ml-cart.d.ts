// Minimal declarations for ml-cart 2.1.1 (it ships none): the parts tsugi uses.
declare module "ml-cart" {
  export interface DecisionTreeOptions {
    gainFunction?: "gini";
    splitFunction?: "mean";
    minNumSamples?: number;
    maxDepth?: number;
    gainThreshold?: number;
  }
  export class DecisionTreeClassifier {
    constructor(options?: DecisionTreeOptions);
    train(trainingSet: number[][], trainingLabels: number[]): void;
    predict(toPredict: number[][]): number[];
    toJSON(): object;
    static load(model: object): DecisionTreeClassifier;
  }
}
